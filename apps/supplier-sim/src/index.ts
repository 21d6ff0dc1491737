// The supplier simulator (issue: supplier integrations) lives here.
export {};
