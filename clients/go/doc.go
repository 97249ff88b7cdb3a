// Package sessionanalysis is the Go client of the Session Analysis API.
//
// Package api (github.com/session-analysis/session-analysis-go/api) is generated from the served
// OpenAPI document by oapi-codegen (`npm run client:generate` in the service's repository; the
// generator's version is this module's go.mod tool), and so is this package's resources.gen.go: a
// service per resource with a method per operation (c.Webhooks.List, c.ApiKeys.Create, c.Auth.VerifyEmail).
// This package adds what a generator cannot:
// credentials (bearer token or API key), the pinned API version (X-Client-Version: api.APIVersion),
// retries honouring Retry-After with an automatic Idempotency-Key on every POST, the envelope
// unwrapped and every refusal returned as one *APIError, pagination as iterators, Standard Webhooks
// verification and a session's live progress over WebSocket (github.com/coder/websocket).
//
//	c, _ := sessionanalysis.New("https://api.example", sessionanalysis.Options{APIKey: os.Getenv("SAS_API_KEY")})
//	s, _ := c.Sessions.Create(ctx, api.CreateSessionRequest{Cue: "Describe the lighthouse", SessionType: "remote_viewing"})
//	status, _ := c.Sessions.Wait(ctx, s.Id)
//	analysis, _ := c.Analysis.Get(ctx, s.Id)
//	fmt.Println(status, analysis.ConfidenceScore)
package sessionanalysis
