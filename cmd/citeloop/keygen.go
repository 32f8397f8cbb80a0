package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/brief"
)

func newKeygenCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "keygen FILE",
		Short: "Write an Ed25519 key pair: FILE (private, 0600) and FILE.pub",
		Long: `keygen writes a PKCS#8 PEM Ed25519 private key to FILE, readable only by
you, and the PKIX PEM public key to FILE.pub. It never overwrites a file and
never writes through a symbolic link: FILE or FILE.pub already there (a link
included) is refused before anything is written. Sign briefs with
"citeloop brief --signing-key FILE" and check them with
"citeloop verify --public-key FILE.pub". openssl makes the same files:
openssl genpkey -algorithm ed25519 -out FILE &&
openssl pkey -in FILE -pubout -out FILE.pub`,
		Example: `  citeloop keygen signing.key     # writes signing.key and signing.key.pub
  citeloop brief --offline --topic cancer --signing-key signing.key -o b/
  citeloop verify --public-key signing.key.pub b/`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return keygen(a, args[0])
		},
	}
}

// keygen writes a new key pair to path and path.pub, each created
// exclusively (O_EXCL: no existing file, no symlink followed).
func keygen(a *app, path string) error {
	pubPath := path + ".pub"
	for _, p := range []string{path, pubPath} {
		if _, err := os.Lstat(p); err == nil {
			return usageError("keygen: %s exists (it never overwrites a key, nor writes through a link)", p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return usageError("keygen: %v", err)
		}
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	privPEM, pubPEM, err := brief.MarshalKeyPair(priv)
	if err != nil {
		return err
	}
	if err := writeNew(path, privPEM, 0o600); err != nil {
		return usageError("keygen: %v (it never overwrites a key, nor writes through a link)", err)
	}
	if err := writeNew(pubPath, pubPEM, 0o644); err != nil {
		_ = os.Remove(path) // no private key without its public key
		return usageError("keygen: %v (it never overwrites a key, nor writes through a link)", err)
	}
	fmt.Fprintf(a.stdout, "wrote %s (private, keep it secret) and %s\n", path, pubPath)
	return nil
}

// writeNew creates path, which must not exist (a symlink counts), and
// writes data into it.
func writeNew(path string, data []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}
