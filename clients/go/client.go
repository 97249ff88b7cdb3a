package sessionanalysis

import (
	"context"
	"iter"
	"net/http"
	"strings"

	"github.com/session-analysis/session-analysis-go/api"
)

// Options configure a Client. Token (a bearer access token) or APIKey authenticates; neither is
// needed for registration and login.
type Options struct {
	Token  string
	APIKey string
	// APIVersion is sent as X-Client-Version on every request: api.APIVersion (the version this
	// client was generated from) when empty, none when "none".
	APIVersion string
	Retry      RetryPolicy
	// Transport under the retries (http.DefaultTransport when nil).
	Transport http.RoundTripper
}

// Client is a client of the Session Analysis API. API is the generated client (every operation of
// the document), with this client's credentials, version and retries; the services below unwrap
// the envelope and return refusals as *APIError.
type Client struct {
	API     *api.ClientWithResponses
	BaseURL string // the API's base, ending in /v1
	header  http.Header
	options Options

	Auth     *AuthService
	Users    *UsersService
	Sessions *SessionsService
	Webhooks *WebhooksService
	Billing  *BillingService
}

// New returns a client of the deployment at baseURL (its origin, /v1 is added, or its …/v1 base).
func New(baseURL string, opts Options) (*Client, error) {
	base := strings.TrimRight(baseURL, "/")
	if !strings.HasSuffix(base, "/v1") {
		base += "/v1"
	}
	header := http.Header{}
	switch opts.APIVersion {
	case "":
		header.Set("X-Client-Version", api.APIVersion)
	case "none":
	default:
		header.Set("X-Client-Version", opts.APIVersion)
	}
	if opts.APIKey != "" {
		header.Set("X-API-Key", opts.APIKey)
	}
	if opts.Token != "" {
		header.Set("Authorization", "Bearer "+opts.Token)
	}
	generated, err := api.NewClientWithResponses(base,
		api.WithHTTPClient(&http.Client{Transport: NewRetryTransport(opts.Transport, opts.Retry)}),
		api.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
			for k, v := range header {
				if req.Header.Get(k) == "" {
					req.Header[k] = v
				}
			}
			return nil
		}),
	)
	if err != nil {
		return nil, err
	}
	c := &Client{API: generated, BaseURL: base, header: header, options: opts}
	c.Auth = &AuthService{c}
	c.Users = &UsersService{c}
	c.Sessions = &SessionsService{c}
	c.Webhooks = &WebhooksService{c}
	c.Billing = &BillingService{c}
	return c, nil
}

// WithToken is the same client signed in with a bearer token (e.g. the one Register or Login returns).
func (c *Client) WithToken(token string) (*Client, error) {
	opts := c.options
	opts.Token, opts.APIKey = token, ""
	return New(c.BaseURL, opts)
}

// AuthService: registration and sign-in.
type AuthService struct{ c *Client }

// Register creates an account; the result's Token signs in (Client.WithToken).
func (s *AuthService) Register(ctx context.Context, body api.RegisterRequest) (*api.AuthResult, error) {
	r, err := s.c.API.RegisterWithResponse(ctx, &api.RegisterParams{}, body)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON201, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Login signs in with email and password. For an account with a second factor it returns
// no tokens but the MfaChallenge to answer at POST /v1/auth/mfa/verify.
func (s *AuthService) Login(ctx context.Context, email, password string) (*api.AuthResult, *api.MfaChallenge, error) {
	r, err := s.c.API.LoginWithResponse(ctx, &api.LoginParams{}, api.LoginRequest{Email: email, Password: password})
	if r == nil {
		return nil, nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, nil, err
	}
	if challenge, cerr := out.Data.AsMfaChallenge(); cerr == nil && challenge.Challenge != "" {
		return nil, &challenge, nil
	}
	result, err := out.Data.AsAuthResult()
	if err != nil {
		return nil, nil, err
	}
	return &result, nil, nil
}

// UsersService: the signed-in user.
type UsersService struct{ c *Client }

// Me is the signed-in user's profile, credits included.
func (s *UsersService) Me(ctx context.Context) (*api.User, error) {
	r, err := s.c.API.GetMeWithResponse(ctx, &api.GetMeParams{})
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// SessionsService: sessions, their analysis and live progress.
type SessionsService struct{ c *Client }

// Create creates and pays for a session. Its retries carry one Idempotency-Key (made when
// idempotencyKey is empty): a session is never created or charged twice.
func (s *SessionsService) Create(ctx context.Context, body api.CreateSessionRequest, idempotencyKey ...string) (*api.CreatedSession, error) {
	params := &api.CreateSessionParams{}
	if len(idempotencyKey) > 0 && idempotencyKey[0] != "" {
		params.IdempotencyKey = &idempotencyKey[0]
	}
	r, err := s.c.API.CreateSessionWithResponse(ctx, params, body)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON201, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Get is the session in full.
func (s *SessionsService) Get(ctx context.Context, id string) (*api.Session, error) {
	r, err := s.c.API.GetSessionWithResponse(ctx, id, &api.GetSessionParams{})
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Analysis is the session's analysis (once completed).
func (s *SessionsService) Analysis(ctx context.Context, id string) (*api.Analysis, error) {
	r, err := s.c.API.GetSessionAnalysisWithResponse(ctx, id, &api.GetSessionAnalysisParams{})
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List is one page of the caller's sessions (params' Limit and Offset; nil for the defaults).
func (s *SessionsService) List(ctx context.Context, params *api.ListSessionsParams) (*api.SessionList, error) {
	if params == nil {
		params = &api.ListSessionsParams{}
	}
	r, err := s.c.API.ListSessionsWithResponse(ctx, params)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// ListAll is every session matching params (its filters and order; Limit is the page size, 100
// when unset), fetching pages as the loop needs them. An error ends the sequence.
//
//	for s, err := range c.Sessions.ListAll(ctx, nil) { … }
func (s *SessionsService) ListAll(ctx context.Context, params *api.ListSessionsParams) iter.Seq2[api.SessionListItem, error] {
	page := api.ListSessionsParams{}
	if params != nil {
		page = *params
	}
	if page.Limit == nil {
		page.Limit = ptr(100)
	}
	return paginate(func(offset int) ([]api.SessionListItem, bool, error) {
		page.Offset = &offset
		list, err := s.List(ctx, &page)
		if err != nil {
			return nil, false, err
		}
		return list.Sessions, list.Pagination.HasMore, nil
	})
}

func ptr[T any](v T) *T { return &v }

// paginate is every item of an offset-paged list (limit/offset, pagination.has_more): fetch(offset)
// is one page's items and whether more follow; pages are fetched as the loop needs them, and an
// error ends the sequence.
func paginate[T any](fetch func(offset int) ([]T, bool, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		offset := 0
		for {
			items, more, err := fetch(offset)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range items {
				if !yield(item, nil) {
					return
				}
			}
			if !more || len(items) == 0 {
				return
			}
			offset += len(items)
		}
	}
}

// WebhooksService: webhook endpoints.
type WebhooksService struct{ c *Client }

// Create registers a webhook endpoint; the result's Secret (shown once) verifies its deliveries (VerifyWebhook).
func (s *WebhooksService) Create(ctx context.Context, body api.CreateWebhookRequest) (*api.CreatedWebhook, error) {
	r, err := s.c.API.CreateWebhookWithResponse(ctx, &api.CreateWebhookParams{}, body)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON201, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// BillingService: credits.
type BillingService struct{ c *Client }

// Purchase buys credits with a saved or processor payment method.
func (s *BillingService) Purchase(ctx context.Context, body api.PurchaseRequest) (*api.PurchaseResult, error) {
	r, err := s.c.API.PurchaseCreditsWithResponse(ctx, &api.PurchaseCreditsParams{}, body)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON201, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// History is one page of the account's transactions (params' dates, Limit and Offset; nil for the defaults).
func (s *BillingService) History(ctx context.Context, params *api.ListBillingHistoryParams) (*api.BillingHistory, error) {
	if params == nil {
		params = &api.ListBillingHistoryParams{}
	}
	r, err := s.c.API.ListBillingHistoryWithResponse(ctx, params)
	if r == nil {
		return nil, err
	}
	out, err := unwrap(r.HTTPResponse, r.Body, r.JSON200, err)
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// HistoryAll is every transaction in params' dates (Limit is the page size, 100 when unset),
// fetching pages as the loop needs them. An error ends the sequence.
func (s *BillingService) HistoryAll(ctx context.Context, params *api.ListBillingHistoryParams) iter.Seq2[api.Transaction, error] {
	page := api.ListBillingHistoryParams{}
	if params != nil {
		page = *params
	}
	if page.Limit == nil {
		page.Limit = ptr(100)
	}
	return paginate(func(offset int) ([]api.Transaction, bool, error) {
		page.Offset = &offset
		history, err := s.History(ctx, &page)
		if err != nil {
			return nil, false, err
		}
		return history.Transactions, history.Pagination.HasMore, nil
	})
}
