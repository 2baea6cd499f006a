package fs

import (
	"errors"
	"io"
)

// EndedEarly returns err with any io.EOF inside it replaced by
// io.ErrUnexpectedEOF, keeping its message. Inside a file, running out of
// bytes is damage; but a consumer of a row stream (go-mysql-server checks
// errors.Is(err, io.EOF)) would take such an error for the end of the rows
// and silently return fewer of them. Errors that leave a reader for a row
// stream pass through here.
func EndedEarly(err error) error {
	if err == nil || !errors.Is(err, io.EOF) {
		return err
	}
	return &endedEarlyError{msg: err.Error()}
}

type endedEarlyError struct{ msg string }

func (e *endedEarlyError) Error() string { return e.msg + " (the file ends early)" }
func (e *endedEarlyError) Unwrap() error { return io.ErrUnexpectedEOF }
