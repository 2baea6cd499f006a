package rowexec

// paimon-sql: LOAD DATA's input read as MySQL reads it (sql_load.cc's
// READ_INFO). v0.20.0 split each line at the line terminator before
// looking at quotes, split fields at every field terminator (inside quotes
// too), required every field to be enclosed once ENCLOSED BY was given
// (OPTIONALLY was not supported), turned the text `NULL` into NULL and
// dropped escape characters without translating the sequence (`\t`
// became `t`, `\N` the text `NULL`).

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// loadField is one field of a LOAD DATA line: its text, or NULL.
type loadField struct {
	text string
	null bool
}

// loadDataReader reads the lines of a LOAD DATA input as fields:
//   - a field enclosed by the ENCLOSED BY character (whether OPTIONALLY or
//     not: on input both take enclosed and bare fields) ends at that
//     character followed by the field or line terminator; inside it, the
//     character doubled stands for itself, and the terminators are text;
//   - the ESCAPED BY character followed by 0, b, n, r, t or Z is NUL,
//     backspace, newline, carriage return, tab or Ctrl-Z, followed by any
//     other character that character (so an escaped terminator is text);
//   - a bare field that is the escape character and N, or the word NULL
//     when ENCLOSED BY is given, is NULL;
//   - with LINES STARTING BY, a line's text before the prefix is skipped,
//     and a line without it is skipped whole.
type loadDataReader struct {
	r                              *bufio.Reader
	fieldTerm, lineTerm, lineStart []byte
	enclose, escape                int // the characters, -1 when none
	field                          bytes.Buffer
	fields                         []loadField
	buffered                       []byte // bytes read ahead and pushed back
}

func newLoadDataReader(r io.Reader, fieldTerm, lineTerm, lineStart, enclose, escape string) (*loadDataReader, error) {
	if fieldTerm == "" && enclose == "" {
		return nil, errors.New("LOAD DATA with empty FIELDS TERMINATED BY and ENCLOSED BY (fixed-width rows) is not supported")
	}
	if lineTerm == "" {
		lineTerm = "\n"
	}
	d := &loadDataReader{r: bufio.NewReaderSize(r, 1<<16), fieldTerm: []byte(fieldTerm), lineTerm: []byte(lineTerm),
		lineStart: []byte(lineStart), enclose: -1, escape: -1}
	if enclose != "" {
		d.enclose = int(enclose[0])
	}
	if escape != "" {
		d.escape = int(escape[0])
	}
	return d, nil
}

func (d *loadDataReader) readByte() (byte, error) {
	if n := len(d.buffered); n > 0 {
		c := d.buffered[n-1]
		d.buffered = d.buffered[:n-1]
		return c, nil
	}
	return d.r.ReadByte()
}

// unread pushes b back, to be read again first.
func (d *loadDataReader) unread(b []byte) {
	for i := len(b) - 1; i >= 0; i-- {
		d.buffered = append(d.buffered, b[i])
	}
}

// at tells whether the input continues with s (after c, already read),
// consuming s when it does.
func (d *loadDataReader) at(c byte, s []byte) (bool, error) {
	if len(s) == 0 || c != s[0] {
		return false, nil
	}
	if len(s) == 1 {
		return true, nil
	}
	read := []byte{c}
	for _, want := range s[1:] {
		got, err := d.readByte()
		if err == io.EOF {
			d.unread(read[1:])
			return false, nil
		}
		if err != nil {
			return false, err
		}
		read = append(read, got)
		if got != want {
			d.unread(read[1:])
			return false, nil
		}
	}
	return true, nil
}

// skipPrefix consumes input up to and including LINES STARTING BY on the
// current line; found is false (the line consumed) when the line lacks it.
func (d *loadDataReader) skipPrefix() (found bool, err error) {
	for {
		c, err := d.readByte()
		if err != nil {
			return false, err
		}
		if ok, err := d.at(c, d.lineStart); ok || err != nil {
			return ok, err
		}
		if ok, err := d.at(c, d.lineTerm); ok || err != nil {
			return false, err
		}
	}
}

// next returns the fields of the next line; io.EOF after the last.
func (d *loadDataReader) next() ([]loadField, error) {
	for {
		// A line ends after a field that ended at a line terminator or at
		// the end of the input.
		if len(d.lineStart) > 0 {
			found, err := d.skipPrefix()
			if err != nil {
				return nil, err
			}
			if !found {
				continue
			}
		} else if _, err := d.peekEOF(); err != nil {
			return nil, err
		}
		d.fields = d.fields[:0]
		for {
			f, lineEnd, err := d.readField()
			if err != nil && err != io.EOF {
				return nil, err
			}
			d.fields = append(d.fields, f)
			if lineEnd || err == io.EOF {
				return d.fields, nil
			}
		}
	}
}

// peekEOF returns io.EOF when no input is left.
func (d *loadDataReader) peekEOF() (bool, error) {
	c, err := d.readByte()
	if err != nil {
		return true, err
	}
	d.unread([]byte{c})
	return false, nil
}

// readField reads one field and the terminator after it; lineEnd is set
// when that was the line terminator, err io.EOF at the input's end.
func (d *loadDataReader) readField() (f loadField, lineEnd bool, err error) {
	d.field.Reset()
	c, err := d.readByte()
	if err == io.EOF {
		return loadField{}, true, io.EOF
	}
	if err != nil {
		return loadField{}, false, err
	}
	if d.enclose >= 0 && int(c) == d.enclose {
		return d.readEnclosed()
	}
	escapedN := false
	for {
		if d.escape >= 0 && int(c) == d.escape {
			e, err := d.readByte()
			if err == io.EOF {
				d.field.WriteByte(c) // a lone escape at the end stays
				break
			}
			if err != nil {
				return loadField{}, false, err
			}
			if e == 'N' && d.field.Len() == 0 {
				escapedN = true
			}
			d.field.WriteByte(unescape(e))
		} else {
			if ok, err := d.at(c, d.fieldTerm); ok || err != nil {
				return d.bare(escapedN), false, err
			}
			if ok, err := d.at(c, d.lineTerm); ok || err != nil {
				return d.bare(escapedN), true, err
			}
			d.field.WriteByte(c)
		}
		if c, err = d.readByte(); err != nil {
			if err == io.EOF {
				break
			}
			return loadField{}, false, err
		}
	}
	return d.bare(escapedN), true, io.EOF
}

// bare is the field just read without enclosure: NULL when it is \N, or
// the word NULL with ENCLOSED BY given.
func (d *loadDataReader) bare(escapedN bool) loadField {
	text := d.field.String()
	if escapedN && text == "N" || d.enclose >= 0 && text == "NULL" {
		return loadField{null: true}
	}
	return loadField{text: text}
}

// readEnclosed reads an enclosed field after its opening character.
func (d *loadDataReader) readEnclosed() (loadField, bool, error) {
	for {
		c, err := d.readByte()
		if err == io.EOF {
			return loadField{}, false, errors.New("LOAD DATA: an enclosed field is not closed before the end of the input")
		}
		if err != nil {
			return loadField{}, false, err
		}
		switch {
		case d.escape >= 0 && int(c) == d.escape && d.escape != d.enclose:
			e, err := d.readByte()
			if err != nil {
				return loadField{}, false, errors.New("LOAD DATA: an enclosed field is not closed before the end of the input")
			}
			d.field.WriteByte(unescape(e))
		case int(c) == d.enclose:
			n, err := d.readByte()
			if err == io.EOF {
				return loadField{text: d.field.String()}, true, io.EOF
			}
			if err != nil {
				return loadField{}, false, err
			}
			if int(n) == d.enclose {
				d.field.WriteByte(c) // doubled: the character itself
				continue
			}
			if ok, err := d.at(n, d.fieldTerm); ok || err != nil {
				return loadField{text: d.field.String()}, false, err
			}
			if ok, err := d.at(n, d.lineTerm); ok || err != nil {
				return loadField{text: d.field.String()}, true, err
			}
			// The closing character is text when neither terminator
			// follows it, as in MySQL.
			d.field.WriteByte(c)
			d.unread([]byte{n})
		default:
			d.field.WriteByte(c)
		}
	}
}

// unescape is the character the escape sequence \c stands for.
func unescape(c byte) byte {
	switch c {
	case '0':
		return 0
	case 'b':
		return '\b'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'Z':
		return 26
	}
	return c
}
