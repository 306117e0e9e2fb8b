package main

import (
	"net/url"
	"strings"

	"skewlab/state"
)

// webState parses a location.search string ("?a=b&c=d" or "") into a
// state. Every valid parameter applies; the messages list the invalid
// ones, readable by someone who edited the URL by hand. It never panics.
func webState(search string) (state.State, []string) {
	q, qerr := url.ParseQuery(strings.TrimPrefix(search, "?"))
	st, errs := state.FromQuery(q)
	var msgs []string
	if qerr != nil {
		msgs = append(msgs, "URL: "+qerr.Error()+" (the other parameters still apply)")
	}
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	st.ScenePath = "" // a page has no files; FromQuery never sets it anyway
	return st, msgs
}
