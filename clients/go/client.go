package sessionanalysis

import (
	"context"
	"errors"
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

// Client is a client of the Session Analysis API: a method per operation of the document, grouped by
// resource (c.Webhooks.List, c.ApiKeys.Create, c.Auth.VerifyEmail; the embedded Services), each returning
// the envelope's data with refusals as *APIError. API is the generated client itself, with this client's
// credentials, version and retries.
type Client struct {
	API     *api.ClientWithResponses
	BaseURL string // the API's base, ending in /v1
	// originAPI is the same client at the origin: the authorization server, /mcp and /.well-known are outside /v1.
	originAPI *api.ClientWithResponses
	header    http.Header
	options   Options
	Services
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
	httpClient := &http.Client{Transport: NewRetryTransport(opts.Transport, opts.Retry), CheckRedirect: redirectPolicy}
	generated := func(server string) (*api.ClientWithResponses, error) {
		return api.NewClientWithResponses(server,
			api.WithHTTPClient(httpClient),
			api.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
				for k, v := range header {
					if req.Header.Get(k) == "" {
						req.Header[k] = v
					}
				}
				return nil
			}),
		)
	}
	atV1, err := generated(base)
	if err != nil {
		return nil, err
	}
	atOrigin, err := generated(strings.TrimSuffix(base, "/v1"))
	if err != nil {
		return nil, err
	}
	c := &Client{API: atV1, BaseURL: base, originAPI: atOrigin, header: header, options: opts}
	c.Services = newServices(c)
	return c, nil
}

// WithToken is the same client signed in with a bearer token (e.g. the one Register or Login returns).
func (c *Client) WithToken(token string) (*Client, error) {
	opts := c.options
	opts.Token, opts.APIKey = token, ""
	return New(c.BaseURL, opts)
}

type noRedirectKey struct{}

// withoutRedirects marks a call whose redirect is its answer (an authorization's 302 to the client): it is
// returned, not followed.
func withoutRedirects(ctx context.Context) context.Context {
	return context.WithValue(ctx, noRedirectKey{}, true)
}

// redirectPolicy is net/http's default (at most 10), except for calls marked withoutRedirects.
func redirectPolicy(req *http.Request, via []*http.Request) error {
	if req.Context().Value(noRedirectKey{}) != nil {
		return http.ErrUseLastResponse
	}
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	return nil
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
		history, err := s.ListHistory(ctx, &page)
		if err != nil {
			return nil, false, err
		}
		return history.Transactions, history.Pagination.HasMore, nil
	})
}
