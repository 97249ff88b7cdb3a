package sessionanalysis

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// APIError is a call the API refused: the envelope's error (code from the catalogue, e.g.
// SESSION_NOT_FOUND, INSUFFICIENT_CREDITS) and the HTTP status. Quote RequestID to support.
type APIError struct {
	Status    int
	Code      string
	Message   string
	Details   map[string]any
	RequestID string
	Timestamp string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%d %s: %s (request %s)", e.Status, e.Code, e.Message, e.RequestID)
}

// CheckResponse is nil for a 2xx answer and the *APIError of any other: use it with any generated
// operation, as CheckResponse(r.HTTPResponse, r.Body).
func CheckResponse(resp *http.Response, body []byte) error {
	if resp == nil {
		return &APIError{Code: "UNEXPECTED_RESPONSE", Message: "no response"}
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	var envelope struct {
		Error *struct {
			Code      string         `json:"code"`
			Message   string         `json:"message"`
			Details   map[string]any `json:"details"`
			RequestID string         `json:"request_id"`
			Timestamp string         `json:"timestamp"`
		} `json:"error"`
	}
	requestID := resp.Header.Get("X-Request-Id")
	if json.Unmarshal(body, &envelope) != nil || envelope.Error == nil || envelope.Error.Code == "" {
		return &APIError{
			Status:    resp.StatusCode,
			Code:      "UNEXPECTED_RESPONSE",
			Message:   fmt.Sprintf("HTTP %d without the API's error envelope", resp.StatusCode),
			RequestID: requestID,
		}
	}
	e := envelope.Error
	if e.RequestID != "" {
		requestID = e.RequestID
	}
	return &APIError{
		Status:    resp.StatusCode,
		Code:      e.Code,
		Message:   e.Message,
		Details:   e.Details,
		RequestID: requestID,
		Timestamp: e.Timestamp,
	}
}

// checkAnswer is nil for an answer the caller reads itself (a 2xx or a redirect) and the *APIError of a refusal.
func checkAnswer(resp *http.Response, body []byte, err error) error {
	if err != nil {
		return err
	}
	if resp != nil && resp.StatusCode < 400 {
		return nil
	}
	return CheckResponse(resp, body)
}

// unwrap is the envelope's data of a 2xx answer the generated client parsed, else the refusal.
func unwrap[T any](resp *http.Response, body []byte, parsed *T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	if err := CheckResponse(resp, body); err != nil {
		return nil, err
	}
	if parsed == nil {
		return nil, &APIError{Status: resp.StatusCode, Code: "UNEXPECTED_RESPONSE", Message: "a success the API's document does not describe"}
	}
	return parsed, nil
}

// ProgressError is a live-progress socket that closed before its session ended (e.g. 1008 when the
// credential's access ended), or that could not be opened.
type ProgressError struct {
	CloseCode int
	Reason    string
}

func (e *ProgressError) Error() string {
	return fmt.Sprintf("progress socket closed (%d): %s", e.CloseCode, e.Reason)
}

// WebhookVerificationError is a delivery whose signature or timestamp does not verify.
type WebhookVerificationError struct{ Reason string }

func (e *WebhookVerificationError) Error() string { return "webhook verification: " + e.Reason }
