/** The operator console's contest and exam actions (issue 8). */
export const adminEventActions = {};
