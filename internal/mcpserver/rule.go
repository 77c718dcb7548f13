package mcpserver

import (
	"fmt"
	"strings"
)

const ruleDescription = "Explain a rule by its id (as a finding names it): its title, why it is flagged, what to write " +
	"instead, and examples of code it flags and code it leaves alone."

// ruleArgs are rule's arguments.
type ruleArgs struct {
	ID string `json:"id" jsonschema:"the rule's id, as a finding of check names it"`
}

// RuleAnswer is rule's answer.
type RuleAnswer struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	// Why says why the rule flags what it flags, Instead what to write
	// instead; empty for a rule that does not document itself.
	Why     string `json:"why"`
	Instead string `json:"instead"`
	// Flagged are snippets the rule flags, Clean snippets it leaves
	// alone.
	Flagged []string `json:"flagged"`
	Clean   []string `json:"clean"`
	// LeftOut counts the examples the answer's bound left out.
	LeftOut int `json:"left_out"`
}

// rule describes a rule of the server's catalog.
func (s *server) rule(_ *call, args ruleArgs) (RuleAnswer, error) {
	cat := s.base.Settings().Catalog()
	info, ok := cat.Describe(args.ID)
	if !ok {
		return RuleAnswer{}, fmt.Errorf("rule not found: %s", args.ID)
	}
	a := RuleAnswer{ID: info.ID, Title: info.Title, Severity: info.Severity, Message: info.Message, Why: info.Why, Instead: info.Instead,
		Flagged: append([]string{}, info.Flagged...), Clean: append([]string{}, info.Clean...)}
	return a, nil
}

func (a RuleAnswer) items() int { return len(a.Flagged) + len(a.Clean) }

// keep keeps the first n examples, the flagged ones first.
func (a RuleAnswer) keep(n int) RuleAnswer {
	a.LeftOut += a.items() - n
	flagged := min(n, len(a.Flagged))
	a.Flagged, a.Clean = a.Flagged[:flagged], a.Clean[:n-flagged]
	return a
}

// text renders the rule's docs and examples.
func (a RuleAnswer) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s\n", a.ID, a.Severity, a.Title)
	if a.Message != "" && a.Message != a.Title {
		fmt.Fprintf(&b, "message: %s\n", a.Message)
	}
	if a.Why != "" {
		fmt.Fprintf(&b, "why: %s\n", a.Why)
	}
	if a.Instead != "" {
		fmt.Fprintf(&b, "instead: %s\n", a.Instead)
	}
	example := func(head string, snippets []string) {
		for _, x := range snippets {
			fmt.Fprintf(&b, "%s:\n%s\n", head, strings.TrimRight(x, "\n"))
		}
	}
	example("flagged", a.Flagged)
	example("not flagged", a.Clean)
	b.WriteString(leftOutLine(a.LeftOut, "examples"))
	return b.String()
}
