package sessionanalysis

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy says how a request the service could not take is retried: 429 (rate limit), 409
// IDEMPOTENCY_KEY_IN_USE (the first attempt still running), 502, 503, 504 and transport failures,
// waiting what Retry-After says (seconds or an HTTP date, RFC 9110 §10.2.3) or else an exponential
// backoff, each wait capped at MaxWait. A POST carries one Idempotency-Key across its attempts
// (made here when the caller set none), so the service replays a retried creation or charge
// instead of doing it twice.
type RetryPolicy struct {
	MaxRetries int           // attempts after the first; 0 means 3, -1 none
	Backoff    time.Duration // the first wait without Retry-After, doubled per attempt; 0 means 500ms
	MaxWait    time.Duration // 0 means 60s
}

func (p RetryPolicy) normalized() RetryPolicy {
	if p.MaxRetries == 0 {
		p.MaxRetries = 3
	} else if p.MaxRetries < 0 {
		p.MaxRetries = 0
	}
	if p.Backoff == 0 {
		p.Backoff = 500 * time.Millisecond
	}
	if p.MaxWait == 0 {
		p.MaxWait = 60 * time.Second
	}
	return p
}

// RetryDelay is the wait before attempt+1: Retry-After when resp has one, else the backoff.
func (p RetryPolicy) RetryDelay(resp *http.Response, attempt int, now time.Time) time.Duration {
	p = p.normalized()
	delay := p.Backoff << attempt
	if resp != nil {
		if v := strings.TrimSpace(resp.Header.Get("Retry-After")); v != "" {
			if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
				delay = time.Duration(secs) * time.Second
			} else if when, err := http.ParseTime(v); err == nil {
				delay = max(when.Sub(now), 0)
			}
		}
	}
	return min(delay, p.MaxWait)
}

// NewRetryTransport wraps next (http.DefaultTransport when nil) with the policy.
func NewRetryTransport(next http.RoundTripper, policy RetryPolicy) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &retryTransport{next: next, policy: policy.normalized()}
}

type retryTransport struct {
	next   http.RoundTripper
	policy RetryPolicy
}

func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40 // UUID version 4 (RFC 9562 §5.4)
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func retryable(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	case http.StatusConflict:
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return bytes.Contains(body, []byte("IDEMPOTENCY_KEY_IN_USE"))
	}
	return false
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context()) // RoundTrippers must not change the caller's request
	if req.Method == http.MethodPost && req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", newIdempotencyKey())
	}
	for attempt := 0; ; attempt++ {
		if attempt > 0 && req.Body != nil && req.Body != http.NoBody {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := t.next.RoundTrip(req)
		canRetry := attempt < t.policy.MaxRetries && (req.Body == nil || req.Body == http.NoBody || req.GetBody != nil)
		if err != nil {
			if !canRetry || req.Context().Err() != nil {
				return nil, err
			}
			if err := sleep(req.Context(), t.policy.RetryDelay(nil, attempt, time.Now())); err != nil {
				return nil, err
			}
			continue
		}
		if !canRetry || !retryable(resp) {
			return resp, nil
		}
		delay := t.policy.RetryDelay(resp, attempt, time.Now())
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err := sleep(req.Context(), delay); err != nil {
			return nil, err
		}
	}
}
