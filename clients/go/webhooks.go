package sessionanalysis

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// WebhookEvent is a verified delivery's payload: {type, timestamp, data}.
type WebhookEvent struct {
	Type      string          `json:"type"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// DefaultWebhookTolerance is how far webhook-timestamp may be from now (replay protection).
const DefaultWebhookTolerance = 5 * time.Minute

// SignWebhook is the "v1,<base64>" signature of one delivery under secret (whsec_ + base64):
// HMAC-SHA256 of "{id}.{timestamp}.{body}" (Standard Webhooks, "Verifying webhook authenticity").
func SignWebhook(secret, msgID string, timestamp int64, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return "", &WebhookVerificationError{"the webhook secret is not whsec_ followed by base64"}
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msgID + "." + strconv.FormatInt(timestamp, 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// VerifyWebhook checks a delivery's Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature) against its raw body under the webhook's secret, within tolerance of now
// (DefaultWebhookTolerance when 0), and returns its payload; else a *WebhookVerificationError.
func VerifyWebhook(secret string, header http.Header, body []byte, tolerance time.Duration, now time.Time) (*WebhookEvent, error) {
	if tolerance == 0 {
		tolerance = DefaultWebhookTolerance
	}
	id, stamp, signatures := header.Get("Webhook-Id"), header.Get("Webhook-Timestamp"), header.Get("Webhook-Signature")
	if id == "" || stamp == "" || signatures == "" {
		return nil, &WebhookVerificationError{"missing webhook-id, webhook-timestamp or webhook-signature"}
	}
	ts, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return nil, &WebhookVerificationError{"webhook-timestamp is not an integer"}
	}
	if math.Abs(float64(now.Unix()-ts)) > tolerance.Seconds() {
		return nil, &WebhookVerificationError{"webhook-timestamp is outside the tolerance"}
	}
	expected, err := SignWebhook(secret, id, ts, body)
	if err != nil {
		return nil, err
	}
	for _, candidate := range strings.Split(signatures, " ") {
		if hmac.Equal([]byte(candidate), []byte(expected)) {
			var event WebhookEvent
			if err := json.Unmarshal(body, &event); err != nil {
				return nil, &WebhookVerificationError{"the body is not JSON"}
			}
			return &event, nil
		}
	}
	return nil, &WebhookVerificationError{"no webhook-signature matches"}
}
