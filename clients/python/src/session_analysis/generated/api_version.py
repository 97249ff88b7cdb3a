"""The API version (X-Client-Version) this client was generated from and pins."""

API_VERSION = "2026-11-01"
