module github.com/session-analysis/session-analysis/scripts/go-module-zip

go 1.26.0

require golang.org/x/mod v0.38.0
