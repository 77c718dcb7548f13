package structural

func First(value string) string {
	return tidy(value) + shout(value)
}
