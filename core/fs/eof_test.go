package fs

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestEndedEarlyHidesEOFButKeepsOtherErrors(t *testing.T) {
	wrapped := fmt.Errorf("data file x: %w", io.EOF)
	got := EndedEarly(wrapped)
	if errors.Is(got, io.EOF) || !errors.Is(got, io.ErrUnexpectedEOF) {
		t.Fatalf("EndedEarly(%v) = %v: still io.EOF or not unexpected EOF", wrapped, got)
	}
	if want := "data file x: EOF (the file ends early)"; got.Error() != want {
		t.Errorf("message %q, want %q", got, want)
	}
	other := fmt.Errorf("x: %w", ErrNotExist)
	if EndedEarly(other) != other || EndedEarly(nil) != nil {
		t.Error("errors without io.EOF must pass unchanged")
	}
}
