package main

import (
	"fmt"
	"strings"
)

// usageError is a command-line mistake; it is printed as is, exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...) + "\n\nFor more information, try '--help'."}
}

// option is one option of a command: the name of its value ("" for a
// flag, which takes none) and what it records, given the option's name
// and value ("" for a flag).
type option struct {
	metavar string
	set     func(name, value string) error
}

// optionTable is what scanArgs recognises.
type optionTable struct {
	// lookup finds an option by name: an argument's part before any '='.
	lookup func(name string) (option, bool)
	// refuse, when set, returns the error for an option the command does
	// not take at all; it is asked first, whatever the value.
	refuse func(name string) error
	// passOn, when set, keeps every option lookup does not know for a
	// later scan: it goes to rest, with the next argument as its value
	// when passOn reports that it takes one and none follows an '='.
	passOn func(name string) bool
	// wholeArgument names a value given to an option that takes none, or
	// to an unknown option, as an unexpected argument, whole (rule and
	// rules); without it, as a value no option expects (check's options).
	wholeArgument bool
	// names, when set, lists the options lookup knows, for the
	// suggestion a mistyped one gets (did you mean ...?).
	names func() []string
}

// tip is the suggestion for the unknown option name: the nearest of the
// table's names, or "".
func (t optionTable) tip(name string) string {
	if t.names == nil {
		return ""
	}
	return didYouMean(name, t.names())
}

// byName looks options up in a map.
func byName(m map[string]option) func(string) (option, bool) {
	return func(name string) (option, bool) {
		o, ok := m[name]
		return o, ok
	}
}

// scanArgs is the one scanner of the command line: every command's
// arguments go through it. Options and positional arguments may come in
// any order; `--` ends the options and "-" is positional. An option's
// value follows an '=' or is the next argument; a one-letter option's may
// follow it directly (-j4). Each option is recorded, in the order given,
// and the first mistake is returned. rest holds the options passed on
// (see optionTable.passOn).
func scanArgs(args []string, t optionTable) (positional, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg, "=")
		if t.refuse != nil {
			if err := t.refuse(name); err != nil {
				return nil, nil, err
			}
		}
		if !hasValue && len(arg) > 2 && arg[1] != '-' {
			if o, ok := t.lookup(arg[:2]); ok && o.metavar != "" {
				name, value, hasValue = arg[:2], arg[2:], true
			}
		}
		opt, known := t.lookup(name)
		if !known && t.passOn != nil {
			rest = append(rest, arg)
			if t.passOn(name) && !hasValue && i+1 < len(args) {
				i++
				rest = append(rest, args[i])
			}
			continue
		}
		takesValue := known && opt.metavar != ""
		switch {
		case takesValue && !hasValue:
			if i+1 >= len(args) {
				return nil, nil, usagef("error: a value is required for '%s %s' but none was supplied", name, opt.metavar)
			}
			i++
			value = args[i]
		case hasValue && !takesValue && !t.wholeArgument:
			tip := ""
			if !known {
				tip = t.tip(name)
			}
			return nil, nil, usagef("error: unexpected value '%s' for '%s' found; no more were expected%s", value, name, tip)
		case !known:
			return nil, nil, usagef("error: unexpected argument '%s' found%s", arg, t.tip(name))
		case hasValue && !takesValue:
			return nil, nil, usagef("error: unexpected argument '%s' found", arg)
		}
		if err := opt.set(name, value); err != nil {
			return nil, nil, err
		}
	}
	return positional, rest, nil
}
