// Package leads says what a lead is allowed to be and reads many of them
// from a file. ValidateLead normalises one lead (trimmed fields, a
// checksummed ORCID, dates widened to whole days) and refuses a field that
// would search for nothing once cleaned for a query (see TopicTerms);
// LoadLeads, LeadsOf and ReadLeads read YAML, JSON Lines and CSV leads
// files row by row, keeping the good rows when some are bad.
//
// Every bad lead is an error wrapping ErrInvalidLead, so a front end maps
// it to its usage exit code with errors.Is.
package leads
