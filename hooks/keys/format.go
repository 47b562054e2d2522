package keys

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash/crc32"
	"strings"
)

// Prefix starts every key; scanners look for it.
const Prefix = "svc_live_"

const (
	base62          = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	randomLen       = 32
	checksumLen     = 6
	keyLen          = len(Prefix) + randomLen + checksumLen
	displayedRandom = 8
)

// Generate returns a new key: Prefix, 32 random base62 characters from crypto/rand, and a
// 6-character base62 CRC32 of what precedes it.
func Generate() (string, error) {
	random := make([]byte, randomLen)
	// 62*4 = 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps
	// every character equally likely.
	buf := make([]byte, 64)
	for i := 0; i < randomLen; {
		if _, err := rand.Read(buf); err != nil {
			return "", err
		}
		for _, b := range buf {
			if b >= 248 || i == randomLen {
				continue
			}
			random[i] = base62[b%62]
			i++
		}
	}
	body := Prefix + string(random)
	return body + checksum(body), nil
}

// WellFormed reports whether s has the shape of a key and a correct checksum, so that a typo
// is refused without a database look-up.
func WellFormed(s string) bool {
	if len(s) != keyLen || !strings.HasPrefix(s, Prefix) {
		return false
	}
	for i := len(Prefix); i < len(s); i++ {
		if strings.IndexByte(base62, s[i]) < 0 {
			return false
		}
	}
	body := s[:len(s)-checksumLen]
	return checksum(body) == s[len(s)-checksumLen:]
}

// Hash is the stored form of a key: the lower-case hex SHA-256 of the whole key.
func Hash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// DisplayPrefix is what lists show of a key: Prefix and the first 8 random characters.
func DisplayPrefix(key string) string {
	return key[:len(Prefix)+displayedRandom]
}

// Last4 is the last four characters of a key, shown in lists beside the prefix.
func Last4(key string) string {
	return key[len(key)-4:]
}

func checksum(s string) string {
	n := crc32.ChecksumIEEE([]byte(s))
	out := make([]byte, checksumLen)
	for i := checksumLen - 1; i >= 0; i-- {
		out[i] = base62[n%62]
		n /= 62
	}
	return string(out)
}
