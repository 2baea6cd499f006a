package spec

// MarshalStatistics encodes a statistics file as Java writes it: the merged
// record count and size left out when unknown.
func MarshalStatistics(s *Statistics) ([]byte, error) {
	ms, err := membersOf(s)
	if err != nil {
		return nil, err
	}
	return writeMembers(s.Unknown.layout(ms, nil))
}
