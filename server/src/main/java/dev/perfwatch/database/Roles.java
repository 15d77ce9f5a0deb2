package dev.perfwatch.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Keeps the embedded database's roles as they must be, at every start: the owner of the schema runs the migrations,
 * the application role reads and writes rows and can do nothing a superuser can (no COPY ... PROGRAM, no DDL, no
 * roles). Objects an older perfwatch made as the superuser are handed to the owner, so its directories upgrade in place.
 */
final class Roles {

    private static final String OWNER = EmbeddedCredentials.OWNER;

    private static final String APP = EmbeddedCredentials.APP;

    private Roles() {
    }

    static void secure(Connection connection, EmbeddedCredentials credentials) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement sql = connection.createStatement()) {
            sql.execute("alter role postgres password '" + credentials.superuser() + "'");
            sql.execute("""
                    do $$ begin
                        if not exists (select from pg_roles where rolname = '%1$s') then create role %1$s; end if;
                        if not exists (select from pg_roles where rolname = '%2$s') then create role %2$s; end if;
                    end $$""".formatted(OWNER, APP));
            sql.execute("alter role " + OWNER + " with login nosuperuser nocreatedb nocreaterole noreplication"
                    + " nobypassrls password '" + credentials.owner() + "'");
            sql.execute("alter role " + APP + " with login nosuperuser nocreatedb nocreaterole noreplication"
                    + " nobypassrls password '" + credentials.app() + "'");
            sql.execute("alter schema public owner to " + OWNER);
            sql.execute("revoke create on schema public from public");
            sql.execute("""
                    do $$
                    declare
                        object record;
                    begin
                        -- tables, views and their own sequences (identity and serial sequences follow their table)
                        for object in
                            select c.oid::regclass as name,
                                   case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                                  when 'f' then 'foreign table' else 'table' end as kind
                            from pg_class c
                            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
                              and c.relowner <> '%1$s'::regrole
                        loop
                            execute format('alter %%s %%s owner to %1$s', object.kind, object.name);
                        end loop;
                        for object in
                            select c.oid::regclass as name from pg_class c
                            where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
                              and c.relowner <> '%1$s'::regrole
                        loop
                            execute format('alter sequence %%s owner to %1$s', object.name);
                        end loop;
                        for object in
                            select p.oid::regprocedure as name from pg_proc p
                            where p.pronamespace = 'public'::regnamespace and p.proowner <> '%1$s'::regrole
                        loop
                            execute format('alter routine %%s owner to %1$s', object.name);
                        end loop;
                        for object in
                            select t.oid::regtype as name from pg_type t
                            where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c')
                              and t.typrelid = 0 and t.typowner <> '%1$s'::regrole
                        loop
                            execute format('alter type %%s owner to %1$s', object.name);
                        end loop;
                    end $$""".formatted(OWNER));
            sql.execute("grant usage on schema public to " + APP);
            sql.execute("grant select, insert, update, delete on all tables in schema public to " + APP);
            sql.execute("grant usage, select, update on all sequences in schema public to " + APP);
            sql.execute("grant execute on all routines in schema public to " + APP);
            sql.execute("alter default privileges for role " + OWNER + " in schema public"
                    + " grant select, insert, update, delete on tables to " + APP);
            sql.execute("alter default privileges for role " + OWNER + " in schema public"
                    + " grant usage, select, update on sequences to " + APP);
            sql.execute("alter default privileges for role " + OWNER + " in schema public"
                    + " grant execute on routines to " + APP);
            connection.commit();
        }
        catch (SQLException ex) {
            connection.rollback();
            throw ex;
        }
    }
}
