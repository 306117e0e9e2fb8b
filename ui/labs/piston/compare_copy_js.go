//go:build js

package pistonlab

import "syscall/js"

// copyMarkdown puts md on the clipboard with navigator.clipboard.writeText,
// as the page's Share button does with its link, and reports "copying..."
// for the Rules window, then the promise's outcome when it settles
// (waking the app through the page's skewlabWake, so a settled app shows
// it). node is unused in the browser.
func copyMarkdown(md, _ string, report func(msg string)) {
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() || clip.Get("writeText").Type() != js.TypeFunction {
		report("the clipboard is not available here (it needs https or localhost)")
		return
	}
	var done, failed js.Func
	settle := func(msg string) {
		report(msg)
		done.Release()
		failed.Release()
		if wake := js.Global().Get("skewlabWake"); wake.Type() == js.TypeFunction {
			wake.Invoke()
		}
	}
	done = js.FuncOf(func(js.Value, []js.Value) any { settle("copied the Markdown table to the clipboard"); return nil })
	failed = js.FuncOf(func(js.Value, []js.Value) any {
		settle("the browser refused the clipboard (copy right after the click)")
		return nil
	})
	report("copying...")
	clip.Call("writeText", md).Call("then", done, failed)
}
