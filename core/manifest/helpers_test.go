package manifest

import "strconv"

func itoa(i int32) string { return strconv.Itoa(int(i)) }

func ptr[T any](v T) *T { return &v }
