/**
 * Business access (decision 035): the profiles a person may act as, the
 * members a business manages, and acting as a business on the calls that take
 * `orbac_subject_id`: the call runs with the business as its viewer, and what
 * it changed is written to the business's audit record with the person who did it.
 */
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { BusinessPermission, TBusinessAccessProfile, TBusinessMember, TGrantBusinessAccess } from '@pinboard/shared/schemas/business';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, keyedError, loginRequired } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { newId } from '../../lib/ids';
import { keyedInvalid, ValidationError } from '../../lib/validation';
import type { MfaService } from '../mfa';
import { actingHonoured, businessInForce, highestPermission, mayAssign, permits, type BusinessNeed } from './business-access.policy';
import { businessAccessRepo, type AccountRow } from './business-access.repo';

const AUDIT_PAGE = 50;

/** The permissions a person holds on a business: OWNER on their own account, else what it granted them. */
export async function permissionsOn(db: Queryable, viewerId: string, businessId: string): Promise<BusinessPermission[]> {
  if (viewerId === businessId) return ['OWNER'];
  return businessAccessRepo.permissionsOf(db, viewerId, businessId);
}

function presentProfile(account: AccountRow, permissions: BusinessPermission[], meetsMfa: boolean): TBusinessAccessProfile {
  return {
    id: account.id,
    permissions,
    user: {
      username: account.username,
      businessName: account.full_name || account.username,
      imgUrl: avatarOrNull(account.image_url ?? ''),
      // A verified merchant's catalogue is its own account.
      merchantId: account.is_verified_merchant ? account.id : null,
      eligibleForStlTool: account.is_verified_merchant,
      // Pinboard has no scheduled Pins.
      scheduledPinCount: 0,
    },
    viewerMeetsMfaRequirement: meetsMfa,
  };
}

/** Who acts when a call names a business, and the record of what they did as it. */
export interface Acting {
  /** The context the call runs with: the business as its viewer when acting, else the caller's own. */
  ctx: RequestContext;
  /** The person who acts. */
  actor: Viewer;
  /** The business acted for, or null when the call acts for the person themself. */
  business: Viewer | null;
  permission: BusinessPermission;
}

export function createBusinessAccessService({ db, mfa }: { db: Db; mfa: Pick<MfaService, 'isEnabled' | 'enabledAmong'> }) {
  /**
   * Whom a call acts as. Without a subject (or naming oneself): the caller. Naming
   * a business: its account, when the caller holds a permission that allows `need`
   * and meets the MFA rule; otherwise 403 naming the field. An id that is no
   * account answers the same 403 as a business one may not act for, so the answer
   * tells nothing about who exists or who works for whom.
   */
  async function acting(ctx: RequestContext, subjectId: string | undefined, need: BusinessNeed): Promise<Acting> {
    const actor = requireViewer(ctx);
    if (!subjectId || subjectId === actor.id) return { ctx, actor, business: null, permission: 'OWNER' };
    const permissions = await businessAccessRepo.permissionsOf(db, actor.id, subjectId);
    const account = permissions.length > 0 ? await businessAccessRepo.account(db, subjectId) : null;
    // A removed business (decision 045) answers exactly like one the person holds nothing on.
    if (!account || !businessInForce(account)) throw keyedError('FORBIDDEN', 'business.mayNotAct');
    if (!actingHonoured(permissions, await mfa.isEnabled(actor.id))) {
      throw keyedError('FORBIDDEN', 'business.twoFactorAct');
    }
    if (!permits(permissions, need)) {
      throw keyedError('FORBIDDEN', need === 'publish' ? 'business.viewOnly' : 'business.notAllowed');
    }
    const business = { id: account.id, username: account.username };
    return { ctx: { ...ctx, viewer: business, actor }, actor, business, permission: highestPermission(permissions)! };
  }

  /**
   * The business the session acts as (BusinessActingResource), checked now against
   * business access and the MFA rule: undefined when it acts as the person. A right
   * that ended clears it from the session; a write that counted on it is then
   * refused (403), so nothing is made as someone the person did not see.
   */
  async function sessionSubject(ctx: RequestContext, need: BusinessNeed): Promise<string | undefined> {
    const viewer = ctx.viewer;
    const stored = viewer?.actingAs;
    if (!viewer || !stored || stored === viewer.id) return undefined;
    const permissions = await businessAccessRepo.permissionsOf(db, viewer.id, stored);
    if (actingHonoured(permissions, await mfa.isEnabled(viewer.id))) return stored;
    await businessAccessRepo.clearActingFor(db, viewer.id, stored);
    if (need === 'read') return undefined;
    throw keyedError('FORBIDDEN', 'business.actingEnded');
  }

  /** The profile the session acts as, presented like the profiles list's, or null for the person themself. */
  async function sessionActing(ctx: RequestContext): Promise<TBusinessAccessProfile | null> {
    const viewer = requireViewer(ctx);
    const subject = await sessionSubject(ctx, 'read');
    if (!subject) return null;
    const [account, permissions, meetsMfa] = await Promise.all([
      businessAccessRepo.account(db, subject),
      businessAccessRepo.permissionsOf(db, viewer.id, subject),
      mfa.isEnabled(viewer.id),
    ]);
    return account ? presentProfile(account, permissions, meetsMfa) : null;
  }

  async function record(a: Acting, action: string, targetId: string | null) {
    if (!a.business) return;
    await businessAccessRepo.audit(db, { id: newId(), businessId: a.business.id, actorId: a.actor.id, action, targetId });
  }

  /** The business a manager manages members of, with what the manager holds (403 otherwise). */
  async function managed(ctx: RequestContext, businessId: string) {
    const viewer = requireViewer(ctx);
    const permissions = await permissionsOn(db, viewer.id, businessId);
    const account = permissions.length > 0 ? await businessAccessRepo.account(db, businessId) : null;
    if (!account || !businessInForce(account) || !permits(permissions, 'manage'))
      throw forbidden('business_id: you may not manage the people of that business.');
    if (!actingHonoured(permissions, await mfa.isEnabled(viewer.id))) {
      throw forbidden('business_id: turn on two-factor authentication to manage the people of that business.');
    }
    if (!account.is_partner) throw new ValidationError('business_id', 'business_id: turn the account into a business account first.');
    return { viewer, account, permissions };
  }

  return {
    acting,

    /**
     * Runs `fn` as whom the call names (acting) and writes what it did to the
     * business's audit record: `action` and the id `targetOf` reads from the answer.
     */
    async actAs<T>(
      ctx: RequestContext,
      requestSubject: string | undefined,
      need: BusinessNeed,
      fn: (ctx: RequestContext) => Promise<T>,
      audit?: { action: string; targetOf: (result: T) => string | null },
      opts: { session?: boolean } = {},
    ): Promise<T> {
      // Without `orbac_subject_id`, a call that makes content (or reads where to put it) acts as the session does (decision 059).
      const subjectId = requestSubject ?? (opts.session ? await sessionSubject(ctx, need) : undefined);
      if (!subjectId) return fn(ctx);
      // A read that may not go as the business goes as the caller (no acting profile, docs/product/logged-out-and-business.md §4): it can
      // only see what they may see, and a link carrying the subject still opens for everyone else.
      if (need === 'read') {
        const a = ctx.viewer
          ? await acting(ctx, subjectId, need).catch((err: unknown) => (err instanceof AppError && err.httpStatus === 403 ? null : Promise.reject(err)))
          : null;
        return fn(a?.ctx ?? ctx);
      }
      const a = await acting(ctx, subjectId, need);
      const result = await fn(a.ctx);
      if (audit) await record(a, audit.action, audit.targetOf(result));
      return result;
    },

    /** BusinessActingResource get: the profile this session acts as, or null (the person themself). */
    actingOfSession: sessionActing,

    /**
     * BusinessActingResource update: act as `businessId` in this session (every tab of it), or as
     * oneself with null or one's own id. The same rights as acting on a call (any permission, the MFA
     * rule); 403 naming `business_id` otherwise, alike for an id that is no account.
     */
    async setSessionActing(ctx: RequestContext, businessId: string | null): Promise<TBusinessAccessProfile | null> {
      const viewer = requireViewer(ctx);
      if (!ctx.sessionToken) throw loginRequired();
      const subject = businessId === viewer.id ? null : businessId;
      if (subject) {
        const permissions = await businessAccessRepo.permissionsOf(db, viewer.id, subject);
        const account = permissions.length > 0 ? await businessAccessRepo.account(db, subject) : null;
        if (!account) throw keyedError('FORBIDDEN', 'business.mayNotActAs');
        if (!actingHonoured(permissions, await mfa.isEnabled(viewer.id))) throw keyedError('FORBIDDEN', 'business.twoFactorActAs');
      }
      await businessAccessRepo.setSessionActing(db, ctx.sessionToken, viewer.id, subject);
      return sessionActing({ ...ctx, viewer: { ...viewer, actingAs: subject } });
    },

    /** GET /vx/business_access/profiles/: the viewer's own profile first (OWNER), then each business they may act for. */
    async profiles(ctx: RequestContext): Promise<{ profiles: TBusinessAccessProfile[] }> {
      const viewer = ctx.viewer;
      if (!viewer) throw loginRequired();
      const [self, grants, meetsMfa] = await Promise.all([
        businessAccessRepo.account(db, viewer.id),
        businessAccessRepo.businessesOf(db, viewer.id),
        mfa.isEnabled(viewer.id),
      ]);
      if (!self) throw loginRequired();
      return {
        profiles: [presentProfile(self, ['OWNER'], meetsMfa), ...grants.map((g) => presentProfile(g, g.permissions, meetsMfa))],
      };
    },

    /** BusinessAccessResource get: the business's people, its own account first (OWNER), and the latest of its audit record. */
    async members(ctx: RequestContext, businessId: string) {
      const { account } = await managed(ctx, businessId);
      const rows = await businessAccessRepo.membersOf(db, businessId);
      const withMfa = await mfa.enabledAmong(rows.map((r) => r.id));
      const members: TBusinessMember[] = rows.map((r) => ({
        user_id: r.id,
        username: r.username,
        full_name: r.full_name,
        image_url: avatarOrNull(r.image_url ?? ''),
        permissions: r.permissions,
        mfa_enabled: withMfa.has(r.id),
        granted_at: r.granted_at.toISOString(),
      }));
      const audit = await businessAccessRepo.auditOf(db, businessId, AUDIT_PAGE);
      return {
        business: { id: account.id, username: account.username, business_name: account.full_name || account.username },
        members,
        audit: audit.map((a) => ({
          id: a.id,
          actor_id: a.actor_id,
          actor_username: a.actor_username,
          action: a.action,
          target_id: a.target_id,
          created_at: a.created_at.toISOString(),
        })),
      };
    },

    /** BusinessAccessResource create: gives a business account access, or changes what it holds. */
    async grant(ctx: RequestContext, input: TGrantBusinessAccess) {
      const { viewer, account, permissions } = await managed(ctx, input.business_id);
      const field = input.user_id ? 'user_id' : 'username';
      const person = input.user_id ? await businessAccessRepo.account(db, input.user_id) : await businessAccessRepo.accountByUsername(db, input.username ?? '');
      if (!person) throw keyedInvalid(field, field === 'username' ? 'business.noOneWithUsername' : 'business.noOneWithId', { field });
      if (person.id === account.id) throw keyedInvalid(field, 'business.ownAccountOwner', { field });
      if (!person.is_partner) {
        throw keyedInvalid(field, 'business.businessAccountsOnly', { field });
      }
      const wanted = [...new Set(input.permissions)];
      const current = await businessAccessRepo.permissionsOf(db, person.id, account.id);
      if (!mayAssign(permissions, [...wanted, ...current])) throw forbidden('permissions: only an owner gives or takes OWNER or ADMIN.');
      await db.tx(async (tx) => {
        await businessAccessRepo.grant(tx, account.id, person.id, wanted, viewer.id);
        await businessAccessRepo.audit(tx, {
          id: newId(),
          businessId: account.id,
          actorId: viewer.id,
          action: `access.grant:${wanted.join(',')}`,
          targetId: person.id,
        });
      });
      return { business_id: account.id, user_id: person.id, username: person.username, permissions: wanted };
    },

    /** BusinessAccessResource delete: takes a person's access away (a member may also leave). */
    async revoke(ctx: RequestContext, businessId: string, userId: string) {
      const viewer = requireViewer(ctx);
      if (viewer.id !== userId) {
        const { permissions } = await managed(ctx, businessId);
        const current = await businessAccessRepo.permissionsOf(db, userId, businessId);
        if (current.length > 0 && !mayAssign(permissions, current)) throw forbidden('user_id: only an owner takes away OWNER or ADMIN.');
      }
      const removed = await db.tx(async (tx) => {
        const done = await businessAccessRepo.revoke(tx, businessId, userId);
        // The right to act for it ends now: no session of theirs acts as it any longer.
        if (done) await businessAccessRepo.clearActingFor(tx, userId, businessId);
        if (done) await businessAccessRepo.audit(tx, { id: newId(), businessId, actorId: viewer.id, action: 'access.revoke', targetId: userId });
        return done;
      });
      if (!removed) throw new ValidationError('user_id', 'user_id: that person has no access to this business.');
      return { business_id: businessId, user_id: userId };
    },
  };
}
