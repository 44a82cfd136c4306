// The form's name for the page action, in a module of its own: the card needs it without loading
// the form (react-hook-form, zod), and the form needs it without importing the card that loads it.
export const TEAM_APPLICATION_FORM = 'team-application'
