-- Back-office roles and a fuller audit trail (issue 14; docs/decisions/0026-back-office-roles-and-four-eyes.md).
--
-- admin_roles holds the roles (reviewer, operator, auditor, admin) that authorise /api/vue/admin/ calls; the
-- permission table lives in shared/src/contract/admin-roles.ts. users.role is no longer written by the
-- application: it is derived ('admin' while the user holds any back-office role, else 'user'), kept so by the
-- trigger below, and a direct write that disagrees with admin_roles is refused. It stays only as the
-- login answer's is_admin hint.
CREATE TABLE admin_roles (
  user_id    bigint NOT NULL REFERENCES users (id),
  role       text NOT NULL CHECK (role IN ('reviewer', 'operator', 'auditor', 'admin')),
  -- NULL: the system (start-up bootstrap, CLI, migration).
  granted_by bigint REFERENCES users (id),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

INSERT INTO admin_roles (user_id, role) SELECT id, 'admin' FROM users WHERE role = 'admin';

CREATE FUNCTION derive_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE users SET role = CASE WHEN EXISTS (SELECT 1 FROM admin_roles WHERE user_id = uid) THEN 'admin' ELSE 'user' END
  WHERE id = uid;
  RETURN NULL;
END;
$$;
CREATE TRIGGER admin_roles_derive_user_role AFTER INSERT OR DELETE ON admin_roles
  FOR EACH ROW EXECUTE FUNCTION derive_user_role();

CREATE FUNCTION refuse_underived_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role IS DISTINCT FROM
     (CASE WHEN EXISTS (SELECT 1 FROM admin_roles WHERE user_id = NEW.id) THEN 'admin' ELSE 'user' END) THEN
    RAISE EXCEPTION 'users.role is derived from admin_roles: grant a role instead'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_role_derived BEFORE INSERT OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION refuse_underived_role();

-- The audit trail names who (actor_id and the roles they held), what (action, target), when (created_at),
-- from where (ip) and the state before and after. Rows written before this migration keep NULLs.
ALTER TABLE audit_log
  ADD COLUMN actor_roles jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(actor_roles) = 'array'),
  ADD COLUMN ip text CHECK (length(ip) <= 64),
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb;

CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target, id DESC);
