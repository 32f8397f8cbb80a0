package citeloop

import (
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/openai/openai-go/v3"
	_ "github.com/spf13/cobra"
	_ "go.uber.org/zap"
	_ "go.uber.org/zap/zaptest"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/text/unicode/norm"
	_ "golang.org/x/time/rate"
	_ "google.golang.org/genai"
)
