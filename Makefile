# Builds of paimon-sql. `make` builds a development binary; `make release`
# the stripped static binary that releases and the container image ship.

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
BIN     ?= bin/paimon-sql
# TAGS drops object stores, e.g. TAGS=paimon_no_gcs,paimon_no_azure (docs/operations.md, 11).
TAGS    ?=

.PHONY: build release size docker test

build:
	go build -o $(BIN) ./cmd/paimon-sql

# Static, symbols and DWARF stripped (-s -w), source paths trimmed; the
# VCS stamp still gives `paimon-sql --version` its commit.
release:
	CGO_ENABLED=0 go build -buildvcs=true -tags "$(TAGS)" -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $(BIN) ./cmd/paimon-sql
	@ls -l $(BIN)

# The largest packages of the binary, by symbol size (docs/operations.md).
size: build
	go tool nm -size -sort size $(BIN) | awk '{ n=$$4; sub(/\(.*/, "", n); sub(/\.[^.\/]*$$/, "", n); s[n]+=$$2 } END { for (p in s) printf "%10d %s\n", s[p], p }' | sort -rn | head -40

docker:
	docker build -f deploy/Dockerfile --build-arg VERSION=$(VERSION) -t paimon-sql:$(VERSION) .

test:
	go vet ./... && go test -count=1 -timeout 30m ./...
