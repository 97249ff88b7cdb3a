package sessionanalysis_test

// The Go client against a real `wrangler dev`, started for the test binary by the repository's
// Node launcher (clients/testing/server.ts: migrations applied, its own state, 127.0.0.1 on a free
// port). Nothing here mocks the service.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"
	sessionanalysis "github.com/session-analysis/session-analysis-go"
	"github.com/session-analysis/session-analysis-go/api"
)

var serverURL string

func TestMain(m *testing.M) {
	cmd := exec.Command("node", "--import", "tsx", "clients/testing/server.ts")
	cmd.Dir = "../.."
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe() // the launcher stops its server when this closes, even if we crash
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "test server:", err)
		os.Exit(1)
	}
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	var started struct{ URL string }
	if err != nil || json.Unmarshal(line, &started) != nil {
		fmt.Fprintln(os.Stderr, "test server did not start:", err)
		_ = cmd.Process.Kill()
		os.Exit(1)
	}
	serverURL = started.URL
	code := m.Run()
	// Closing its standard input stops the launcher and its server (clients/testing/server.ts).
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
	os.Exit(code)
}

var lighthouse = api.CreateSessionRequest{
	Cue:         "Describe the lighthouse",
	SessionType: api.CreateSessionRequestSessionTypeRemoteViewing,
	Parameters:  &api.SessionParametersInput{Duration: ptr(60)},
}

func ptr[T any](v T) *T { return &v }

// newUser registers a user and buys credits through the test payment gateway (so the tests do
// not depend on a free-credit grant); its token and signed-in client.
func newUser(t *testing.T, opts sessionanalysis.Options) (string, *sessionanalysis.Client) {
	t.Helper()
	ctx := context.Background()
	anonymous, err := sessionanalysis.New(serverURL, sessionanalysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	auth, err := anonymous.Auth.Register(ctx, api.RegisterRequest{
		Email:    openapi_types.Email(fmt.Sprintf("go.%d@example.com", time.Now().UnixNano())),
		Username: "goclient",
		Password: "correct-horse-42",
	})
	if err != nil {
		t.Fatal(err)
	}
	opts.Token = auth.Token
	c, err := sessionanalysis.New(serverURL, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Billing.PurchaseCredits(ctx, api.PurchaseRequest{CreditPackage: api.PurchaseRequestCreditPackageStarter, PaymentMethodId: "pm_card_visa"}); err != nil {
		t.Fatal(err)
	}
	return auth.Token, c
}

func TestRegisterCreateFollowAndReadTheAnalysis(t *testing.T) {
	ctx := context.Background()
	_, c := newUser(t, sessionanalysis.Options{})
	me, err := c.Users.GetMe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	created, err := c.Sessions.Create(ctx, lighthouse)
	if err != nil {
		t.Fatal(err)
	}
	if created.Status != "pending" {
		t.Fatalf("status %s", created.Status)
	}

	var messages []sessionanalysis.ProgressMessage
	for m, err := range c.Sessions.Follow(ctx, created.Id) {
		if err != nil {
			t.Fatal(err)
		}
		messages = append(messages, m)
	}
	if messages[0].Type != "snapshot" {
		t.Fatalf("first message %s", messages[0].Type)
	}
	var stages []string
	for _, h := range messages[0].History {
		stages = append(stages, h.Stage)
	}
	for i, m := range messages[1:] {
		if m.Seq != messages[0].Seq+i+1 {
			t.Fatalf("message %d has seq %d after %d", i+1, m.Seq, messages[0].Seq)
		}
		if m.Type == "stage" {
			stages = append(stages, *m.Stage)
		}
	}
	if want := []string{"initial_processing", "deep_analysis", "final_validation"}; !slices.Equal(stages, want) {
		t.Fatalf("stages %v, want %v", stages, want)
	}
	if last := messages[len(messages)-1]; last.Type != "transition" || last.To != "completed" {
		t.Fatalf("last message %+v", last)
	}

	session, err := c.Sessions.Get(ctx, created.Id)
	if err != nil || session.Status != "completed" {
		t.Fatalf("session %+v, %v", session, err)
	}
	analysis, err := c.Analysis.Get(ctx, created.Id)
	if err != nil {
		t.Fatal(err)
	}
	if analysis.ConfidenceScore == nil || *analysis.ConfidenceScore < 0 || *analysis.ConfidenceScore > 1 {
		t.Fatalf("confidence %v", analysis.ConfidenceScore)
	}
	after, err := c.Users.GetMe(ctx)
	if err != nil || after.Credits != me.Credits-created.CreditsRequired {
		t.Fatalf("credits %d then %d for %d, %v", me.Credits, after.Credits, created.CreditsRequired, err)
	}
	// An ended session: its snapshot, then the server's normal close.
	if status, err := c.Sessions.Wait(ctx, created.Id); err != nil || status != "completed" {
		t.Fatalf("wait: %s, %v", status, err)
	}
}

type countingTransport struct {
	mu       sync.Mutex
	requests []*http.Request
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.mu.Lock()
	t.requests = append(t.requests, req)
	t.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func TestListAllPagesThroughEverySession(t *testing.T) {
	ctx := context.Background()
	counting := &countingTransport{}
	_, c := newUser(t, sessionanalysis.Options{Transport: counting})
	var ids []string
	for range 5 {
		s, err := c.Sessions.Create(ctx, api.CreateSessionRequest{Cue: "Where is the well?", SessionType: api.CreateSessionRequestSessionTypeDowsing})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.Id)
	}
	counting.requests = nil
	var listed []string
	asc, byCreation := api.ListSessionsParamsOrderAsc, api.ListSessionsParamsSortByCreatedAt
	for s, err := range c.Sessions.ListAll(ctx, &api.ListSessionsParams{Limit: ptr(2), Order: &asc, SortBy: &byCreation}) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, s.Id)
	}
	if !slices.Equal(listed, ids) {
		t.Fatalf("listed %v, want %v", listed, ids)
	}
	var offsets []string
	for _, r := range counting.requests {
		offsets = append(offsets, r.URL.Query().Get("offset"))
	}
	if !slices.Equal(offsets, []string{"0", "2", "4"}) {
		t.Fatalf("pages at offsets %v", offsets)
	}
}

func TestHistoryAllPagesThroughEveryTransaction(t *testing.T) {
	ctx := context.Background()
	counting := &countingTransport{}
	_, c := newUser(t, sessionanalysis.Options{Transport: counting})
	if _, err := c.Billing.PurchaseCredits(ctx, api.PurchaseRequest{CreditPackage: api.PurchaseRequestCreditPackageStarter, PaymentMethodId: "pm_card_visa"}); err != nil {
		t.Fatal(err)
	}
	whole, err := c.Billing.ListHistory(ctx, &api.ListBillingHistoryParams{Limit: ptr(100)})
	if err != nil || whole.Pagination.Total < 2 {
		t.Fatalf("history %+v, %v", whole, err)
	}
	counting.requests = nil
	var listed, want []string
	for tx, err := range c.Billing.HistoryAll(ctx, &api.ListBillingHistoryParams{Limit: ptr(1)}) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, tx.Id)
	}
	for _, tx := range whole.Transactions {
		want = append(want, tx.Id)
	}
	if !slices.Equal(listed, want) || len(counting.requests) != whole.Pagination.Total {
		t.Fatalf("listed %v in %d pages, want %v", listed, len(counting.requests), want)
	}
}

func TestARefusalIsOneErrorTypeWithTheCatalogueCode(t *testing.T) {
	ctx := context.Background()
	_, c := newUser(t, sessionanalysis.Options{})
	_, err := c.Sessions.Get(ctx, "ses_404")
	var apiErr *sessionanalysis.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "SESSION_NOT_FOUND" || apiErr.RequestID == "" {
		t.Fatalf("got %#v", err)
	}
	_, err = c.Sessions.Create(ctx, api.CreateSessionRequest{Cue: "", SessionType: lighthouse.SessionType})
	if !errors.As(err, &apiErr) || apiErr.Details["field"] != "cue" {
		t.Fatalf("got %#v", err)
	}
	var followErr error
	for _, err := range c.Sessions.Follow(ctx, "ses_404") {
		followErr = err
	}
	if !errors.As(followErr, &apiErr) || apiErr.Status != 404 || apiErr.Code != "SESSION_NOT_FOUND" {
		t.Fatalf("following an unknown session: %#v", followErr)
	}
	stranger, _ := sessionanalysis.New(serverURL, sessionanalysis.Options{Token: "not-a-token"})
	_, err = stranger.Users.GetMe(ctx)
	if !errors.As(err, &apiErr) || apiErr.Status != 401 || apiErr.Code != "TOKEN_INVALID" {
		t.Fatalf("got %#v", err)
	}
}

// loseFirstAnswer delivers the first request to the service but loses its answer on the way back.
type loseFirstAnswer struct{ sent []*http.Request }

func (t *loseFirstAnswer) RoundTrip(req *http.Request) (*http.Response, error) {
	t.sent = append(t.sent, req)
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil && len(t.sent) == 1 {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return nil, errors.New("connection reset before the answer")
	}
	return resp, err
}

func TestALostAnswerIsRetriedWithTheSameIdempotencyKeyAndChargedOnce(t *testing.T) {
	ctx := context.Background()
	token, c := newUser(t, sessionanalysis.Options{})
	before, err := c.Users.GetMe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lossy := &loseFirstAnswer{}
	retried, _ := sessionanalysis.New(serverURL, sessionanalysis.Options{Token: token, Transport: lossy, Retry: sessionanalysis.RetryPolicy{Backoff: 50 * time.Millisecond}})
	created, err := retried.Sessions.Create(ctx, lighthouse)
	if err != nil {
		t.Fatal(err)
	}
	if len(lossy.sent) != 2 || lossy.sent[0].Header.Get("Idempotency-Key") == "" ||
		lossy.sent[0].Header.Get("Idempotency-Key") != lossy.sent[1].Header.Get("Idempotency-Key") {
		t.Fatalf("attempts %d with keys %q", len(lossy.sent), []string{lossy.sent[0].Header.Get("Idempotency-Key")})
	}
	list, err := c.Sessions.List(ctx)
	if err != nil || list.Pagination.Total != 1 {
		t.Fatalf("sessions %+v, %v", list, err)
	}
	after, _ := c.Users.GetMe(ctx)
	if after.Credits != before.Credits-created.CreditsRequired {
		t.Fatalf("credits %d then %d for %d", before.Credits, after.Credits, created.CreditsRequired)
	}
}

func TestRetryAfterIsHonoured(t *testing.T) {
	// A local handler stands in for a rate limit (the service's own take a minute of requests to reach).
	var calls atomic.Int32
	var first, second time.Time
	limited := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		second = time.Now()
		_, _ = w.Write([]byte(`{"success":true}`))
	}))
	defer limited.Close()
	client := &http.Client{Transport: sessionanalysis.NewRetryTransport(nil, sessionanalysis.RetryPolicy{})}
	resp, err := client.Post(limited.URL, "application/json", bytes.NewReader([]byte(`{}`)))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%v %v", resp, err)
	}
	if calls.Load() != 2 || second.Sub(first) < time.Second {
		t.Fatalf("%d calls, %v apart", calls.Load(), second.Sub(first))
	}
	policy := sessionanalysis.RetryPolicy{}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	dated := &http.Response{Header: http.Header{"Retry-After": {now.Add(7 * time.Second).Format(http.TimeFormat)}}}
	if d := policy.RetryDelay(dated, 0, now); d != 7*time.Second {
		t.Fatalf("HTTP-date Retry-After: %v", d)
	}
}

func TestAPIKeyAuthenticationAndAnyGeneratedOperation(t *testing.T) {
	ctx := context.Background()
	_, c := newUser(t, sessionanalysis.Options{})
	key, err := c.ApiKeys.Create(ctx, api.CreateApiKeyRequest{
		Name: "go-test", Scopes: []api.CreateApiKeyRequestScopes{"profile", "analytics:read"},
	})
	if err != nil {
		t.Fatal(err)
	}
	byKey, _ := sessionanalysis.New(serverURL, sessionanalysis.Options{APIKey: key.Key})
	// The generated operation by hand, with CheckResponse: what the services do for every operation.
	billing, err := byKey.API.GetBillingWithResponse(ctx, &api.GetBillingParams{})
	if err := errors.Join(err, sessionanalysis.CheckResponse(billing.HTTPResponse, billing.Body)); err != nil {
		t.Fatal(err)
	}
	if v := billing.HTTPResponse.Header.Get("X-API-Version"); v != api.APIVersion {
		t.Fatalf("X-API-Version %q", v)
	}
	me, _ := c.Users.GetMe(ctx)
	if billing.JSON200.Data.Credits.Remaining != me.Credits {
		t.Fatalf("billing %d, me %d", billing.JSON200.Data.Credits.Remaining, me.Credits)
	}
	_, err = byKey.Sessions.List(ctx)
	var apiErr *sessionanalysis.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 403 || apiErr.Code != "INSUFFICIENT_PERMISSIONS" {
		t.Fatalf("got %#v", err)
	}
}

func TestARealDeliveryVerifiesAndATamperedOneDoesNot(t *testing.T) {
	ctx := context.Background()
	type delivery struct {
		header http.Header
		body   []byte
	}
	deliveries := make(chan delivery, 8)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- delivery{r.Header.Clone(), body}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()

	_, c := newUser(t, sessionanalysis.Options{})
	hook, err := c.Webhooks.Create(ctx, api.CreateWebhookRequest{Url: receiver.URL + "/hooks", Events: []api.CreateWebhookRequestEvents{"session.completed"}})
	if err != nil {
		t.Fatal(err)
	}
	created, err := c.Sessions.Create(ctx, lighthouse)
	if err != nil {
		t.Fatal(err)
	}
	var got delivery
	select {
	case got = <-deliveries:
	case <-time.After(90 * time.Second):
		t.Fatal("no delivery")
	}
	event, err := sessionanalysis.VerifyWebhook(hook.Secret, got.header, got.body, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var data struct{ Session struct{ Id string } }
	_ = json.Unmarshal(event.Data, &data)
	if event.Type != "session.completed" || data.Session.Id != created.Id {
		t.Fatalf("event %s for %s", event.Type, data.Session.Id)
	}
	var verr *sessionanalysis.WebhookVerificationError
	tampered := bytes.ReplaceAll(got.body, []byte(created.Id), []byte("ses_0"))
	if _, err := sessionanalysis.VerifyWebhook(hook.Secret, got.header, tampered, 0, time.Now()); !errors.As(err, &verr) {
		t.Fatalf("tampered body: %v", err)
	}
	if _, err := sessionanalysis.VerifyWebhook(hook.Secret, got.header, got.body, 0, time.Now().Add(time.Hour)); !errors.As(err, &verr) {
		t.Fatalf("an hour later: %v", err)
	}
}

func TestResourceMethodsCoverListsDeletesAndRawAnswers(t *testing.T) {
	ctx := context.Background()
	_, c := newUser(t, sessionanalysis.Options{})
	hook, err := c.Webhooks.Create(ctx, api.CreateWebhookRequest{Url: "http://127.0.0.1:9/unused", Events: []api.CreateWebhookRequestEvents{"session.completed"}})
	if err != nil {
		t.Fatal(err)
	}
	hooks, err := c.Webhooks.List(ctx)
	if err != nil || len(hooks.Webhooks) != 1 || hooks.Webhooks[0].Id != hook.Id {
		t.Fatalf("list: %v %#v", err, hooks)
	}
	log, err := c.Webhooks.ListDeliveries(ctx, hook.Id, &api.ListWebhookDeliveriesParams{Limit: ptr(100)})
	if err != nil || log.Pagination.Limit != 100 {
		t.Fatalf("deliveries: %v %#v", err, log)
	}
	if _, err := c.Webhooks.Delete(ctx, hook.Id); err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Get(ctx, hook.Id)
	var apiErr *sessionanalysis.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "RESOURCE_NOT_FOUND" {
		t.Fatalf("deleted webhook: %#v", err)
	}

	created, err := c.Sessions.Create(ctx, lighthouse)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Sessions.Wait(ctx, created.Id); err != nil {
		t.Fatal(err)
	}
	// A CSV export is handed back as the generated response, its body as sent.
	csv, err := c.Exports.Sessions(ctx, &api.ExportSessionsParams{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(csv.Body), "id,session_type,status,cue,") || !strings.Contains(string(csv.Body), created.Id) {
		t.Fatalf("export: %q", csv.Body)
	}
}

func TestOperationsOutsideV1GoToTheOrigin(t *testing.T) {
	ctx := context.Background()
	anonymous, err := sessionanalysis.New(serverURL, sessionanalysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	metadata, err := anonymous.Oauth2.GetAuthorizationServerMetadata(ctx)
	if err != nil || metadata.Issuer != serverURL {
		t.Fatalf("authorization server metadata: %v %#v", err, metadata)
	}
	entry, err := anonymous.Mcp.GetRegistryEntry(ctx)
	if err != nil || len(entry.Remotes) != 1 || entry.Remotes[0].Url != serverURL+"/mcp" {
		t.Fatalf("registry entry: %v %#v", err, entry)
	}
}
