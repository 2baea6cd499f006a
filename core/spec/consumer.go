package spec

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Consumer is one consumer/consumer-<id> file: the next snapshot a streaming
// reader will read.
type Consumer struct {
	// ID is the consumer's id, from the file name.
	ID           string `json:"-"`
	NextSnapshot int64  `json:"nextSnapshot"`
	// Unknown keeps the fields of a newer Java for MarshalConsumer.
	Unknown Unknown `json:"-"`
}

var consumerKeys = jsonKeys(reflect.TypeFor[Consumer]())

// ParseConsumer decodes the file of the consumer id; a file without
// nextSnapshot is not a consumer file.
func ParseConsumer(id string, data []byte) (*Consumer, error) {
	var c struct {
		NextSnapshot *int64 `json:"nextSnapshot"`
	}
	if err := json.Unmarshal(data, &c); err != nil || c.NextSnapshot == nil {
		return nil, fmt.Errorf("not a consumer file")
	}
	u, err := keepUnknown(data, consumerKeys, nil)
	if err != nil {
		return nil, err
	}
	return &Consumer{ID: id, NextSnapshot: *c.NextSnapshot, Unknown: u}, nil
}

// MarshalConsumer encodes a consumer as Java's ConsumerManager writes it.
func MarshalConsumer(c *Consumer) ([]byte, error) {
	ms, err := membersOf(c)
	if err != nil {
		return nil, err
	}
	return writeMembers(c.Unknown.layout(ms, nil))
}
