package sessionanalysis

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"strings"

	"github.com/coder/websocket"
)

// ProgressMessage is one message of a session's live-progress socket: a "snapshot" first, then a
// "transition" per status change and a "stage" per finished stage, Seq one higher each time.
type ProgressMessage struct {
	Type      string          `json:"type"`
	Seq       int             `json:"seq"`
	SessionID string          `json:"session_id"`
	Status    string          `json:"status,omitempty"` // snapshot
	From      string          `json:"from,omitempty"`   // transition
	To        string          `json:"to,omitempty"`     // transition
	Stage     *string         `json:"stage,omitempty"`  // snapshot (current), stage (finished)
	History   []HistoryEntry  `json:"history,omitempty"`
	Entry     *HistoryEntry   `json:"entry,omitempty"`
	Raw       json.RawMessage `json:"-"`
}

// HistoryEntry is a finished stage.
type HistoryEntry struct {
	Timestamp  string  `json:"timestamp"`
	Stage      string  `json:"stage"`
	Confidence float64 `json:"confidence"`
	Notes      string  `json:"notes"`
}

var terminal = map[string]bool{"completed": true, "failed": true, "cancelled": true}

// progressURL is ws(s)://…/v1/ws/{id} from the API base.
// socketURL is ws(s)://…/v1<path> for an operation's path (/ws/{session_id}).
func (c *Client) socketURL(path string) string {
	u := c.BaseURL
	if rest, ok := strings.CutPrefix(u, "https://"); ok {
		u = "wss://" + rest
	} else if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = "ws://" + rest
	}
	return u + path
}

// Follow yields the session's live-progress messages as they come, until it ends (the server's
// normal close after the terminal transition). A socket refused or closed before that yields a
// *ProgressError (or the *APIError of the refused upgrade) and ends the sequence.
func (s *SessionsService) Follow(ctx context.Context, sessionID string) iter.Seq2[ProgressMessage, error] {
	return s.c.Progress.Connect(ctx, sessionID)
}

// follow is the live-progress socket at path, its messages yielded until the session ends.
func (c *Client) follow(ctx context.Context, path string) iter.Seq2[ProgressMessage, error] {
	return func(yield func(ProgressMessage, error) bool) {
		conn, resp, err := websocket.Dial(ctx, c.socketURL(path), &websocket.DialOptions{HTTPHeader: c.header.Clone()})
		if err != nil {
			if resp != nil && resp.StatusCode >= 400 {
				// The refused upgrade's envelope (401, 403, 404 …): coder/websocket keeps its first 1024 bytes.
				body, _ := io.ReadAll(resp.Body)
				yield(ProgressMessage{}, CheckResponse(resp, body))
				return
			}
			yield(ProgressMessage{}, err)
			return
		}
		defer conn.CloseNow()
		status := ""
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				code := websocket.CloseStatus(err)
				if code == websocket.StatusNormalClosure && terminal[status] {
					return
				}
				var ce websocket.CloseError
				reason := err.Error()
				if errors.As(err, &ce) {
					reason = ce.Reason
				}
				yield(ProgressMessage{}, &ProgressError{CloseCode: int(code), Reason: reason})
				return
			}
			var m ProgressMessage
			if err := json.Unmarshal(data, &m); err != nil {
				yield(ProgressMessage{}, err)
				return
			}
			m.Raw = data
			switch m.Type {
			case "snapshot":
				status = m.Status
			case "transition":
				status = m.To
			}
			if !yield(m, nil) {
				return
			}
		}
	}
}

// Wait follows the session until it ends and returns its final status (completed, failed, cancelled).
func (s *SessionsService) Wait(ctx context.Context, sessionID string) (string, error) {
	status := ""
	for m, err := range s.Follow(ctx, sessionID) {
		if err != nil {
			return status, err
		}
		switch m.Type {
		case "snapshot":
			status = m.Status
		case "transition":
			status = m.To
		}
	}
	return status, nil
}
