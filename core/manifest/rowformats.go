package manifest

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/format/orc"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// parquetManifests stores manifest files as Parquet ('manifest.format' =
// parquet): core/format's data file writer and reader over the manifest row types,
// as Java writes them with its Parquet data file format.
type parquetManifests struct{}

func (parquetManifests) Name() string { return "parquet" }

func (parquetManifests) IsFile(head []byte) bool { return bytes.HasPrefix(head, []byte("PAR1")) }

func (parquetManifests) WriteRows(w io.Writer, fields []types.DataField, rows [][]any, compression string, zstdLevel int) error {
	pw, err := format.NewParquetWriter(w, fields, format.WriterOptions{Compression: compression, ZstdLevel: zstdLevel})
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
	pr, err := format.OpenParquet(r, size, fields, format.ReadOptions{})
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

// orcManifests stores manifest files as ORC ('manifest.format' = orc, the
// default of Paimon 0.9 and before): core/format/orc's writer and reader
// over the manifest row types, as Java writes them with its ORC format.
type orcManifests struct{}

func (orcManifests) Name() string { return "orc" }

func (orcManifests) IsFile(head []byte) bool { return bytes.HasPrefix(head, []byte("ORC")) }

func (orcManifests) WriteRows(w io.Writer, fields []types.DataField, rows [][]any, compression string, zstdLevel int) error {
	ow, err := orc.NewWriter(w, fields, orc.WriterOptions{Compression: compression, ZstdLevel: zstdLevel, StripeSize: orc.DefaultStripeSize})
	if err != nil {
		return err
	}
	if err := ow.Write(rows); err != nil {
		return err
	}
	_, _, err = ow.Close()
	return err
}

func (orcManifests) EachRow(r io.ReaderAt, size int64, fields []types.DataField, fn func(row []any) error) error {
	or, err := orc.Open(r, size, fields, orc.ReadOptions{})
	if err != nil {
		return err
	}
	defer or.Close()
	for {
		b, err := or.Next(context.Background())
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
