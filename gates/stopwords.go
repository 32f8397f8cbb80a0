package gates

// isStopWord reports whether w (folded, lower case) is an English function
// word: a quote made only of them, numbers and punctuation proves nothing.
// A switch, not a map, so the list cannot be changed at run time.
func isStopWord(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
		"are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but",
		"by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "either", "et",
		"al", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here",
		"hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its",
		"itself", "may", "me", "might", "more", "most", "must", "my", "myself", "neither", "no", "nor",
		"not", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out",
		"over", "own", "same", "shall", "she", "should", "so", "some", "such", "than", "that", "the",
		"their", "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those",
		"through", "to", "too", "under", "until", "up", "upon", "very", "via", "was", "we", "were",
		"what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "within",
		"without", "would", "you", "your", "yours", "yourself", "yourselves", "vs", "e.g", "i.e", "etc":
		return true
	}
	return false
}
