package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/brief"
)

func newKeygenCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "keygen FILE",
		Short: "Write a new Ed25519 signing key to FILE (mode 0600) and its public key to FILE.pub",
		Long: `keygen writes a PKCS#8 PEM Ed25519 private key to FILE, readable only by
you, and the PKIX PEM public key to FILE.pub. Sign briefs with
"citeloop brief --signing-key FILE" and check them with
"citeloop verify --public-key FILE.pub". openssl makes the same files:
openssl genpkey -algorithm ed25519 -out FILE && openssl pkey -in FILE -pubout -out FILE.pub`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			_, priv, err := ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			privPEM, pubPEM, err := brief.MarshalKeyPair(priv)
			if err != nil {
				return err
			}
			f, err := os.OpenFile(args[0], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return usageError("keygen: %v (it never overwrites a key)", err)
			}
			if _, err := f.Write(privPEM); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
			if err := os.WriteFile(args[0]+".pub", pubPEM, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "wrote %s (private, keep it secret) and %s.pub\n", args[0], args[0])
			return nil
		},
	}
}
