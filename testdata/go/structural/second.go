package structural

func Second(value string) string {
	return tidy(value)
}
