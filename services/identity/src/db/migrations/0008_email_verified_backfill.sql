-- identity.user.email_verified.v1 is new. Before it, notification mailed any address an account
-- was registered with; now it mails only an address it has heard was proved. So every address
-- proved before this release is announced once, through the outbox like any event, as of the time
-- it was proved (notification sends no welcome mail for a proof that old).
INSERT INTO identity.outbox (id, type, payload)
SELECT proved.event_id,
       'identity.user.email_verified.v1',
       jsonb_build_object(
         'id', proved.event_id,
         'type', 'identity.user.email_verified.v1',
         'version', 1,
         'occurredAt', to_char(proved.email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'data', jsonb_build_object(
           'userId', proved.id,
           'email', proved.email,
           'username', proved.username,
           'firstName', proved.first_name,
           'lastName', proved.last_name
         ),
         'traceId', 'migration-0008-email-verified'
       )
  FROM (SELECT gen_random_uuid() AS event_id, u.*
          FROM identity.users u
         WHERE u.email_verified_at IS NOT NULL) AS proved;
