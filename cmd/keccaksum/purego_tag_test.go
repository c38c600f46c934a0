//go:build purego

package main

func init() { buildTags = "purego" }
