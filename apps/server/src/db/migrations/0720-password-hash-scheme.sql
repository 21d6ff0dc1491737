-- Password hashes so far are argon2id(SHA-256 hex of the typed password), because the web pre-hashed.
-- The server now receives the password itself; mark the old hashes so they are verified the old way
-- and replaced at the next successful sign-in (lib/passwords.ts).
update users set password_hash = 'sha256+' || password_hash
where password_hash like '$argon2%';
