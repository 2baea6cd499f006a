package format

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// parquetManifests stores manifest files as Parquet ('manifest.format' =
// parquet): the data file writer and reader over the manifest row types,
// as Java writes them with its Parquet data file format.
type parquetManifests struct{}

func init() { manifest.RegisterRowFormat(parquetManifests{}) }

func (parquetManifests) Name() string { return "parquet" }

func (parquetManifests) IsFile(head []byte) bool { return bytes.HasPrefix(head, []byte("PAR1")) }

func (parquetManifests) WriteRows(w io.Writer, fields []types.DataField, rows [][]any, compression string, zstdLevel int) error {
	pw, err := NewParquetWriter(w, fields, WriterOptions{Compression: compression, ZstdLevel: zstdLevel})
	if err != nil {
		return err
	}
	if err := pw.Write(rows); err != nil {
		return err
	}
	_, err = pw.Close()
	return err
}

func (parquetManifests) EachRow(r io.ReaderAt, size int64, fields []types.DataField, fn func(row []any) error) error {
	pr, err := OpenParquet(r, size, fields, ReadOptions{})
	if err != nil {
		return err
	}
	defer pr.Close()
	for {
		b, err := pr.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		for _, row := range b.Rows {
			if err := fn(row); err != nil {
				return err
			}
		}
	}
}
