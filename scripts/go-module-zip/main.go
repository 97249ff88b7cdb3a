// Command go-module-zip writes a Go module's zip exactly as the module proxy serves it (golang.org/x/mod/zip,
// the code the go command itself uses), which checks the module as the proxy would: file paths, sizes, go.mod,
// no nested modules or vendor surprises. scripts/client-packages.mjs runs it for clients/go.
//
//	go run . <module directory> <module path> <version> <out.zip>
package main

import (
	"fmt"
	"os"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: go-module-zip <module directory> <module path> <version> <out.zip>")
		os.Exit(2)
	}
	dir, version := os.Args[1], module.Version{Path: os.Args[2], Version: os.Args[3]}
	if err := module.Check(version.Path, version.Version); err != nil {
		fail(err)
	}
	out, err := os.Create(os.Args[4])
	if err != nil {
		fail(err)
	}
	if err := zip.CreateFromDir(out, version, dir); err != nil {
		fail(err)
	}
	if err := out.Close(); err != nil {
		fail(err)
	}
	if _, err := zip.CheckZip(version, os.Args[4]); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "go-module-zip:", err)
	os.Exit(1)
}
