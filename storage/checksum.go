package storage

import (
	"encoding/binary"
	"errors"
	"hash/crc32"

	bolt "go.etcd.io/bbolt"
)

// Every record storage keeps about a game — header, log entry, snapshot —
// is stored sealed: a 4-byte big-endian CRC-32C (Castagnoli) of the
// payload, then the payload, written in the same transaction. A read
// checks the sum before it trusts a byte, so a damaged record is reported
// as damaged (a *DamagedError) instead of being misread.
//
// putChecked and getChecked are the two calls for any new bucket that
// keeps records the same way.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errChecksum: a sealed value is shorter than its checksum, or its payload
// does not match it.
var errChecksum = errors.New("checksum mismatch")

// seal returns the stored form of payload: its CRC-32C, then payload.
func seal(payload []byte) []byte {
	b := make([]byte, 4, 4+len(payload))
	binary.BigEndian.PutUint32(b, crc32.Checksum(payload, castagnoli))
	return append(b, payload...)
}

// sealDamaged returns payload with its checksum inverted: the migration
// keeps a record it found unreadable this way, bytes unchanged, so that
// every later read reports it damaged.
func sealDamaged(payload []byte) []byte {
	b := seal(payload)
	binary.BigEndian.PutUint32(b, ^binary.BigEndian.Uint32(b))
	return b
}

// unseal returns the payload of a sealed value (sharing v's memory), or
// errChecksum.
func unseal(v []byte) ([]byte, error) {
	if len(v) < 4 {
		return nil, errChecksum
	}
	p := v[4:]
	if crc32.Checksum(p, castagnoli) != binary.BigEndian.Uint32(v) {
		return nil, errChecksum
	}
	return p, nil
}

// putChecked stores payload under key in b, sealed with its checksum.
func putChecked(b *bolt.Bucket, key, payload []byte) error {
	return b.Put(key, seal(payload))
}

// getChecked returns a copy of the payload stored under key in b (nil,
// nil when there is none), or errChecksum when the value is damaged.
func getChecked(b *bolt.Bucket, key []byte) ([]byte, error) {
	v := b.Get(key)
	if v == nil {
		return nil, nil
	}
	p, err := unseal(v)
	if err != nil {
		return nil, err
	}
	return append([]byte{}, p...), nil
}
