package format

import (
	"context"
	"fmt"
	"io"

	"github.com/paimon-sql/paimon-sql/core/format/orc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// orcFormat is the ORC reader and writer of core/format/orc, the data
// files of file.format = orc.
type orcFormat struct{}

func (orcFormat) Name() string { return "orc" }

func (orcFormat) CheckCompression(name string) error {
	if !orc.CanWriteCompression(name) {
		return fmt.Errorf("file.compression=%s: paimon-sql writes ORC files with %s", name, orc.WritableCompressions)
	}
	return nil
}

// CheckORCOptions refuses orc.* table options the ORC writer cannot take.
func CheckORCOptions(opts options.Options) error {
	return orcFormatOptions(&orc.WriterOptions{StripeSize: orc.DefaultStripeSize}, opts)
}

type orcFileReader struct{ r *orc.Reader }

func (orcFormat) Open(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (Reader, error) {
	if opts.EndRow > 0 {
		return nil, errNoRowRanges
	}
	o := orc.ReadOptions{Projection: opts.Projection, BatchSize: opts.BatchSize}
	if skip := opts.SkipRowGroup; skip != nil {
		o.SkipStripe = func(st map[int]orc.ColumnStats) bool {
			conv := make(map[int]ColumnStats, len(st))
			for i, s := range st {
				conv[i] = ColumnStats(s)
			}
			return skip(conv)
		}
	}
	or, err := orc.Open(r, size, fields, o)
	if err != nil {
		return nil, err
	}
	return orcFileReader{or}, nil
}

func (o orcFileReader) Next(ctx context.Context) (Batch, error) {
	b, err := o.r.Next(ctx)
	return Batch{Rows: b.Rows, FirstPosition: b.FirstPosition}, err
}

func (o orcFileReader) Suspend()     { o.r.Suspend() }
func (o orcFileReader) Close() error { return o.r.Close() }

type orcFileWriter struct {
	w     *orc.Writer
	stats *StatsCollector
}

func (orcFormat) Create(w io.Writer, fields []types.DataField, opts WriterOptions) (Writer, error) {
	o := orc.WriterOptions{Compression: opts.Compression, ZstdLevel: opts.ZstdLevel, StripeSize: opts.RowGroupSize}
	if o.StripeSize <= 0 || o.StripeSize > orc.DefaultStripeSize {
		o.StripeSize = orc.DefaultStripeSize
	}
	if err := orcFormatOptions(&o, opts.TableOptions); err != nil {
		return nil, err
	}
	ow, err := orc.NewWriter(w, fields, o)
	if err != nil {
		return nil, err
	}
	fw := &orcFileWriter{w: ow}
	if opts.StatsModes != nil {
		if fw.stats, err = newStatsCollector(fields, opts.StatsModes, true); err != nil {
			return nil, err
		}
	}
	return fw, nil
}

// orcFormatOptions applies the orc.* table options the writer knows;
// other orc.* options are ORC tuning knobs of Java's writer (bloom
// filters, row index stride, ...) that leave the data as it is.
func orcFormatOptions(o *orc.WriterOptions, table options.Options) error {
	if n, ok, err := options.OrcStripeSize.Lookup(table); err != nil || ok && n <= 0 {
		return errOption(options.OrcStripeSize.Key, options.OrcStripeSize.Text(table))
	} else if ok {
		o.StripeSize = min(o.StripeSize, n)
	}
	if n, ok, err := options.OrcCompressSize.Lookup(table); err != nil || ok && (n <= 0 || n >= 1<<23) {
		return errOption(options.OrcCompressSize.Key, options.OrcCompressSize.Text(table))
	} else if ok {
		o.BlockSize = n
	}
	if f, ok, err := options.OrcDictionaryKeyThreshold.Lookup(table); err != nil || ok && (f < 0 || f > 1) {
		return errOption(options.OrcDictionaryKeyThreshold.Key, options.OrcDictionaryKeyThreshold.Text(table))
	} else if ok {
		o.DictionaryKeyThreshold, o.NoDictionary = f, f == 0
	}
	return nil
}

func (o *orcFileWriter) Write(rows [][]any) error {
	if err := o.w.Write(rows); err != nil {
		return err
	}
	if o.stats != nil {
		o.stats.Collect(rows)
	}
	return nil
}

func (o *orcFileWriter) Close() (FileResult, error) {
	size, rows, err := o.w.Close()
	return FileResult{Size: size, RowCount: rows}, err
}

func (o *orcFileWriter) Stats() *StatsCollector { return o.stats }

func errOption(key, value string) error {
	return fmt.Errorf("option %s = '%s' is not valid", key, value)
}
