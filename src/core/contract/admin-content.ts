/** The operator console's content, contest and exam actions (issue 8). */
export const adminContentActions = {};
