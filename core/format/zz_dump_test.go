package format

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
)

func TestZZDump(t *testing.T) {
	for _, p := range dumpFiles() {
		f, _ := os.Open(p)
		st, _ := f.Stat()
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("==", p, pf.Metadata().CreatedBy, "rows", pf.NumRows(), "rgs", len(pf.RowGroups()))
		for _, e := range pf.Metadata().Schema {
			fmt.Printf("  %s rep=%v type=%v conv=%v logical=%v id=%d nchild=%v\n", e.Name, e.RepetitionType, e.Type, e.ConvertedType, e.LogicalType, e.FieldID, e.NumChildren)
		}
		for _, rg := range pf.Metadata().RowGroups {
			for _, c := range rg.Columns {
				m := c.MetaData
				fmt.Printf("  col %v enc=%v codec=%v st=%+v\n", m.PathInSchema, m.Encoding, m.Codec, m.Statistics)
			}
		}
		f.Close()
	}
}

func dumpFiles() []string {
	m, _ := filepath.Glob(os.Getenv("PQ"))
	return m
}
