//go:build !js

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// readmeMaxLines is the most lines README.md may have: it is the front
// page (what skewlab shows, how to start it, the commands, a section per
// reader), and everything else lives in docs/ (issue 30, item 8).
const readmeMaxLines = 260

// TestDocLinks: every relative link and image in README.md and
// docs/*.md names a file or folder that exists, and every #anchor names
// a heading of its page as GitHub spells it (githubSlug), so text moved
// between pages keeps working links; and the README stays a front page
// of at most readmeMaxLines lines. Links to other sites (http:, https:,
// mailto:) are not followed.
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"README.md"}, files...)
	pages := map[string]*mdPage{}
	page := func(path string) (*mdPage, error) {
		if p, ok := pages[path]; ok {
			return p, nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		p := parseMarkdown(string(data))
		pages[path] = p
		return p, nil
	}
	links := 0
	for _, file := range files {
		p, err := page(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range p.links {
			links++
			if msg := checkLink(file, l.target, page); msg != "" {
				t.Errorf("%s:%d: link %q: %s", file, l.line, l.target, msg)
			}
		}
	}
	if links < 50 {
		t.Errorf("only %d relative links found in %d pages: is the parser broken?", links, len(files))
	}
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: it is the front page; move the detail to docs/", n, readmeMaxLines)
	}
}

// checkLink returns what is wrong with target, a link written in file, or
// "" when it resolves.
func checkLink(file, target string, page func(string) (*mdPage, error)) string {
	path, anchor, hasAnchor := strings.Cut(target, "#")
	dest := file
	if path != "" {
		dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
		if _, err := os.Stat(dest); err != nil {
			return fmt.Sprintf("%s does not exist", dest)
		}
	}
	if !hasAnchor {
		return ""
	}
	if !strings.HasSuffix(dest, ".md") {
		return fmt.Sprintf("an anchor into %s, which is not a Markdown page", dest)
	}
	p, err := page(dest)
	if err != nil {
		return err.Error()
	}
	if !p.anchors[anchor] {
		return fmt.Sprintf("%s has no heading with the anchor #%s", dest, anchor)
	}
	return ""
}

// mdPage is what TestDocLinks reads from a Markdown page: its relative
// links (with their line numbers) and its headings' anchors.
type mdPage struct {
	links   []mdLink
	anchors map[string]bool
}

type mdLink struct {
	target string
	line   int
}

var (
	// mdInlineLink matches [text](target) and ![alt](target), the target
	// up to a space (a title may follow) or the closing parenthesis;
	// link texts hold no brackets in these pages.
	mdInlineLink = regexp.MustCompile(`!?\[[^\[\]]*\]\(<?([^()\s<>]*)>?(?:\s+"[^"]*")?\)`)
	// mdCodeSpan matches an inline code span, whose brackets are no link.
	mdCodeSpan = regexp.MustCompile("`+[^`]*`+")
	mdHeading  = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	mdScheme   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// parseMarkdown reads the links and heading anchors of a page, skipping
// fenced code blocks (``` or ~~~), where neither exists. Anchors follow
// GitHub: githubSlug of the heading's text, and a repeated slug gets
// -1, -2, ... in order.
func parseMarkdown(text string) *mdPage {
	p := &mdPage{anchors: map[string]bool{}}
	seen := map[string]int{}
	fence := ""
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if m := mdHeading.FindStringSubmatch(line); m != nil {
			slug := githubSlug(m[2])
			if n, ok := seen[slug]; ok {
				seen[slug] = n + 1
				slug = fmt.Sprintf("%s-%d", slug, n+1)
			} else {
				seen[slug] = 0
			}
			p.anchors[slug] = true
		}
		for _, m := range mdInlineLink.FindAllStringSubmatch(mdCodeSpan.ReplaceAllString(line, ""), -1) {
			if target := m[1]; target != "" && !mdScheme.MatchString(target) {
				p.links = append(p.links, mdLink{target, i + 1})
			}
		}
	}
	return p
}

// mdLinkText turns [text](target) into text, as a heading shows it.
var mdLinkText = regexp.MustCompile(`!?\[([^\[\]]*)\]\([^()]*\)`)

// githubSlug is the anchor GitHub gives a heading (its github-slugger):
// the text as shown (a link's text, code without its backticks), in
// lower case, every character that is not a letter, digit, mark, space,
// hyphen or underscore removed, and each space made a hyphen.
func githubSlug(heading string) string {
	heading = mdLinkText.ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestGithubSlug: anchors GitHub gives headings of these pages, spelled
// out by hand from its rules.
func TestGithubSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"`report`: the numbers for slides":                                      "report-the-numbers-for-slides",
		"Third-party checks: validator, glTF-Transform, flatten() vs bake":      "third-party-checks-validator-gltf-transform-flatten-vs-bake",
		"4. Turn A off 90°: the matrices skew":                                  "4-turn-a-off-90-the-matrices-skew",
		"How to add something to the drift lab's picture":                       "how-to-add-something-to-the-drift-labs-picture",
		"The dynamics lab (seed 002): `skewlab dynamics`, `-lab dynamics`":      "the-dynamics-lab-seed-002-skewlab-dynamics--lab-dynamics",
		"Benchmarks (`go test -bench . -benchmem ./drift/`, AMD EPYC, 2 cores)": "benchmarks-go-test--bench---benchmem-drift-amd-epyc-2-cores",
		"See [the engines](engines.md) — all_of_them":                           "see-the-engines--all_of_them",
	} {
		if got := githubSlug(heading); got != want {
			t.Errorf("githubSlug(%q) = %q, want %q", heading, got, want)
		}
	}
	p := parseMarkdown("# A\n## A\n```\n# A\n```\n### A\n")
	for _, a := range []string{"a", "a-1", "a-2"} {
		if !p.anchors[a] {
			t.Errorf("anchors %v: want %q (repeated headings, the fenced one not counted)", p.anchors, a)
		}
	}
	if p.anchors["a-3"] {
		t.Errorf("anchors %v: a heading inside a code fence was counted", p.anchors)
	}
}
