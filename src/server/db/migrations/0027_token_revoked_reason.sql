-- Why a session token was revoked (issue 22 §14): a player signed out because their password was
-- changed on another device is told so, not just sent to the login screen. NULL for tokens
-- revoked by logging out, by an operator or before this column existed.
ALTER TABLE auth_tokens ADD COLUMN revoked_reason text;
