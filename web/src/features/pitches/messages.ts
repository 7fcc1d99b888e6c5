/** Failure toasts of the My Pitches buttons (spec/001 section 8, spelling corrected). */
export const PITCH_FAILURES = {
  buy: 'Error with Pitch Adding',
  track: 'Error',
  delete: 'Error Deleting',
  ignore: 'Error Ignoring',
} as const;
