package piston

import (
	"fmt"
	"strings"

	"skewlab/modes"
	"skewlab/state"
)

// Params are the piston lab's own settings (flags of skewlab app and URL
// parameters): wall, the comparison wall's modes, and scope, where its
// engine rules apply.
var Params = []state.Param{WallParam, ScopeParam, TableParam, FoldParam}

// TableParam is the table setting: -table (URL table=1) opens the Rules
// window, skewlab compare's table of every rule for the picked node, at
// launch; Share writes it while the window is open.
var TableParam = state.Bool("table", "open the Rules window: the table of every rule for the picked node (as skewlab compare prints it)",
	func(s *state.State) *bool { return &s.Table })

// WallParam is the wall setting: -wall (bare, "true", "1" or "all": every
// mode of modes.All), -wall=a,b,... (those modes, in that order, repeats
// dropped), or -wall=false ("0", "none": no wall, the default); the URL's
// wall= takes the same values (a bare wall means all). As a flag it is a
// boolean one, so a list needs the = (-wall=a,b). An unknown name is an
// error that lists the valid ones. It writes st.Wall in the canonical
// form of modes.FormatList, as the user's choice (state.State.GiveWall:
// a preset that opens on a wall, such as stretchy-arm, keeps it), and a
// Share link writes it only where it differs from the preset's own
// (state.State.PresetView), "none" for no wall.
var WallParam = state.Param{Name: "wall", IsBool: true,
	Usage: "show the comparison wall: one pane per mode, one shared camera; -wall for all modes or -wall=a,b,... (names: " + strings.Join(modes.Names(), ", ") + "); -wall=none for none (a preset may open on one)",
	Apply: func(s *state.State, v string) error {
		switch v {
		case "true", "1", modes.ScopeAll:
			s.GiveWall(modes.ScopeAll)
			return nil
		case "false", "0", "none":
			s.GiveWall("")
			return nil
		}
		list, err := modes.ParseList(v)
		if err != nil {
			return fmt.Errorf("wall: %v", err)
		}
		s.GiveWall(modes.FormatList(list))
		return nil
	},
	Value: func(s state.State) []string {
		def, _ := s.PresetView()
		switch {
		case s.Wall == def:
			return nil
		case s.Wall == "":
			return []string{"none"}
		}
		return []string{s.Wall}
	}}

// ScopeParam is the scope setting: where the wall's engine-rule panes
// apply their rule, modes.ScopeNode (the picked node only, the default)
// or modes.ScopeAll (every node); see modes.Scoped.
var ScopeParam = state.Choice("scope", "where the wall's engine rules apply: node (the picked node only) or all (every node)",
	modes.ScopeNames, modes.ScopeNode, func(s *state.State) *string { return &s.Scope })
