package main

import (
	"context"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// privilegesPath holds the users and grants inside the warehouse; Paimon
// ignores directories whose names do not end in ".db".
const privilegesPath = "_paimon_sql/privileges"

// privilegeStore is the server's PrivilegeStore in the warehouse.
type privilegeStore struct{ fsys *fs.FS }

func (s privilegeStore) Load(ctx context.Context) ([]byte, error) {
	data, err := s.fsys.ReadFile(ctx, privilegesPath)
	if fs.IsNotExist(err) {
		return nil, nil
	}
	return data, err
}

func (s privilegeStore) Save(ctx context.Context, data []byte) error {
	return s.fsys.Write(ctx, privilegesPath, data)
}
