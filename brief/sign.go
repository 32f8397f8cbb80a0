package brief

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/inputfile"
)

// Sign returns s with its signature by key, or s unchanged for a nil key.
func Sign(s contract.Stamp, key ed25519.PrivateKey) contract.Stamp {
	if key == nil {
		return s
	}
	s.Signature = base64.StdEncoding.EncodeToString(ed25519.Sign(key, s.Message()))
	return s
}

// KeyID names a public key in a stamp: "ed25519:" and the first 16 hex
// digits of the SHA-256 of the key's bytes. It says which key signed a
// brief; only the signature proves it.
func KeyID(pub ed25519.PublicKey) string {
	return "ed25519:" + contract.Digest(pub)[:16]
}

// Errors of CheckSignature.
var (
	ErrUnsigned     = errors.New("brief is unsigned")
	ErrBadSignature = errors.New("signature does not match the stamp and this public key")
)

// CheckSignature checks s's signature with pub.
func CheckSignature(s contract.Stamp, pub ed25519.PublicKey) error {
	if s.Signature == "" {
		return ErrUnsigned
	}
	sig, err := base64.StdEncoding.DecodeString(s.Signature)
	if err != nil {
		return fmt.Errorf("%w: signature is not base64: %w", ErrBadSignature, err)
	}
	if !ed25519.Verify(pub, s.Message(), sig) {
		if s.KeyID != "" && s.KeyID != KeyID(pub) {
			return fmt.Errorf("%w (the stamp names key %s; the key given is %s)", ErrBadSignature, s.KeyID, KeyID(pub))
		}
		return ErrBadSignature
	}
	return nil
}

// ErrKeyFile is wrapped by every error of ReadPrivateKey and ReadPublicKey.
var ErrKeyFile = errors.New("unusable key file")

// MaxKeyBytes caps a key file: a PEM Ed25519 key is about 120 bytes.
const MaxKeyBytes = 64 << 10

// ErrKeyExposed is wrapped when a signing key file can be read by anyone
// but its owner.
var ErrKeyExposed = errors.New("signing key readable by others")

// ReadPrivateKey reads an Ed25519 private key: a PKCS#8 PEM file ("openssl
// genpkey -algorithm ed25519", or citeloop keygen) or a 32-byte seed as raw
// bytes, hex or base64. The file must be a regular file of at most
// MaxKeyBytes, readable by its owner only (else ErrKeyExposed, with the
// chmod to run). Errors name the file, never its content.
func ReadPrivateKey(path string) (ed25519.PrivateKey, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeyFile, err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%w: %w: %s has mode %04o, so group or others can read it; run: chmod 600 %s",
			ErrKeyFile, ErrKeyExposed, path, info.Mode().Perm(), shellQuote(path))
	}
	data, err := inputfile.ReadOpen(f, path, MaxKeyBytes, "a key file")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeyFile, err)
	}
	if block, _ := pem.Decode(data); block != nil {
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: PEM block %q is not a PKCS#8 private key", ErrKeyFile, path, block.Type)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok {
			return nil, fmt.Errorf("%w: %s: private key is %T, want Ed25519", ErrKeyFile, path, k)
		}
		return priv, nil
	}
	seed, ok := decodeRaw(data, ed25519.SeedSize)
	if !ok {
		return nil, fmt.Errorf("%w: %s: want a PKCS#8 PEM Ed25519 key or a %d-byte seed (raw, hex or base64)", ErrKeyFile, path, ed25519.SeedSize)
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// ReadPublicKey reads an Ed25519 public key: a PKIX PEM file ("openssl pkey
// -pubout") or 32 bytes raw, hex or base64.
func ReadPublicKey(path string) (ed25519.PublicKey, error) {
	data, err := inputfile.ReadFile(path, MaxKeyBytes, "a key file", nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeyFile, err)
	}
	return ParsePublicKey(path, data)
}

// ParsePublicKey is ReadPublicKey for a key already read (an MCP client
// sends the PEM text); name names it in errors.
func ParsePublicKey(name string, data []byte) (ed25519.PublicKey, error) {
	if block, _ := pem.Decode(data); block != nil {
		k, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: PEM block %q is not a PKIX public key", ErrKeyFile, name, block.Type)
		}
		pub, ok := k.(ed25519.PublicKey)
		if !ok {
			return nil, fmt.Errorf("%w: %s: public key is %T, want Ed25519", ErrKeyFile, name, k)
		}
		return pub, nil
	}
	raw, ok := decodeRaw(data, ed25519.PublicKeySize)
	if !ok {
		return nil, fmt.Errorf("%w: %s: want a PKIX PEM Ed25519 public key or %d bytes (raw, hex or base64)", ErrKeyFile, name, ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(raw), nil
}

// shellQuote quotes path for a shell when it needs it.
func shellQuote(path string) string {
	if path != "" && strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+:@,") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// decodeRaw reads n bytes given raw, as hex or as base64.
func decodeRaw(data []byte, n int) ([]byte, bool) {
	if len(data) == n {
		return data, true
	}
	s := strings.TrimSpace(string(data))
	if b, err := hex.DecodeString(s); err == nil && len(b) == n {
		return b, true
	}
	if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) == n {
		return b, true
	}
	return nil, false
}

// MarshalKeyPair renders a new key pair as PEM: the PKCS#8 private key and
// the PKIX public key, the files ReadPrivateKey and ReadPublicKey read.
func MarshalKeyPair(priv ed25519.PrivateKey) (privPEM, pubPEM []byte, err error) {
	p8, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, nil, fmt.Errorf("marshal private key: %w", err)
	}
	pk, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		return nil, nil, fmt.Errorf("marshal public key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p8}), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pk}), nil
}
