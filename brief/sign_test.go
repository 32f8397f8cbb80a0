package brief_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

func TestReadKeys(t *testing.T) {
	seed := []byte(strings.Repeat("k", ed25519.SeedSize))
	priv := ed25519.NewKeyFromSeed(seed)
	privPEM, pubPEM, err := brief.MarshalKeyPair(priv)
	if err != nil {
		t.Fatal(err)
	}
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecDER, _ := x509.MarshalPKCS8PrivateKey(ec)
	ecPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})
	pub := priv.Public().(ed25519.PublicKey)

	privTests := []struct {
		name    string
		give    []byte
		wantErr bool
	}{
		{name: "PKCS#8 PEM", give: privPEM},
		{name: "raw seed", give: seed},
		{name: "hex seed", give: []byte(hex.EncodeToString(seed) + "\n")},
		{name: "base64 seed", give: []byte(base64.StdEncoding.EncodeToString(seed))},
		{name: "ECDSA key", give: ecPEM, wantErr: true},
		{name: "short", give: []byte("SECRET-short"), wantErr: true},
		{name: "broken PEM", give: []byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), wantErr: true},
	}
	dir := t.TempDir()
	for _, tt := range privTests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))
			if err := os.WriteFile(path, tt.give, 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := brief.ReadPrivateKey(path)
			if tt.wantErr {
				if !errors.Is(err, brief.ErrKeyFile) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "SECRET") {
					t.Errorf("err = %v, want ErrKeyFile naming %s without the content", err, path)
				}
				return
			}
			if err != nil || !got.Equal(priv) {
				t.Errorf("ReadPrivateKey = %v, want the key", err)
			}
		})
	}
	for name, give := range map[string][]byte{"PKIX PEM": pubPEM, "raw": pub, "hex": []byte(hex.EncodeToString(pub))} {
		path := filepath.Join(dir, "pub-"+strings.ReplaceAll(name, " ", "_"))
		if err := os.WriteFile(path, give, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := brief.ReadPublicKey(path); err != nil || !got.Equal(pub) {
			t.Errorf("ReadPublicKey(%s) = %v", name, err)
		}
	}
	if _, err := brief.ReadPublicKey(filepath.Join(dir, "absent")); !errors.Is(err, brief.ErrKeyFile) {
		t.Errorf("missing public key: %v, want ErrKeyFile", err)
	}
}

func TestSignAndCheck(t *testing.T) {
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	other := ed25519.NewKeyFromSeed([]byte(strings.Repeat("o", ed25519.SeedSize)))
	s := contract.NewStamp("d", "l", "lead", time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC))
	if err := brief.CheckSignature(s, key.Public().(ed25519.PublicKey)); !errors.Is(err, brief.ErrUnsigned) {
		t.Errorf("unsigned: %v, want ErrUnsigned", err)
	}
	if got := brief.Sign(s, nil); got.Signature != "" {
		t.Error("Sign with no key signed")
	}
	signed := brief.Sign(s, key)
	if err := brief.CheckSignature(signed, key.Public().(ed25519.PublicKey)); err != nil {
		t.Errorf("right key: %v", err)
	}
	if err := brief.CheckSignature(signed, other.Public().(ed25519.PublicKey)); !errors.Is(err, brief.ErrBadSignature) {
		t.Errorf("other key: %v, want ErrBadSignature", err)
	}
	edited := signed
	edited.CheckedAt = edited.CheckedAt.Add(time.Second)
	if err := brief.CheckSignature(edited, key.Public().(ed25519.PublicKey)); !errors.Is(err, brief.ErrBadSignature) {
		t.Errorf("edited time: %v, want ErrBadSignature", err)
	}
	garbled := signed
	garbled.Signature = "%%%"
	if err := brief.CheckSignature(garbled, key.Public().(ed25519.PublicKey)); !errors.Is(err, brief.ErrBadSignature) {
		t.Errorf("garbled signature: %v, want ErrBadSignature", err)
	}
}

func TestParsePublicKey(t *testing.T) {
	priv := ed25519.NewKeyFromSeed([]byte(strings.Repeat("p", ed25519.SeedSize)))
	privPEM, pubPEM, err := brief.MarshalKeyPair(priv)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		give    []byte
		wantErr bool
	}{
		{name: "PKIX PEM", give: pubPEM},
		{name: "private key PEM", give: privPEM, wantErr: true},
		{name: "garbage", give: []byte("not a key"), wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := brief.ParsePublicKey("public_key", tt.give)
			if tt.wantErr {
				if !errors.Is(err, brief.ErrKeyFile) || !strings.Contains(err.Error(), "public_key") {
					t.Errorf("err = %v, want ErrKeyFile naming public_key", err)
				}
				return
			}
			if err != nil || !got.Equal(priv.Public()) {
				t.Errorf("ParsePublicKey = %v, want the key", err)
			}
		})
	}
}
