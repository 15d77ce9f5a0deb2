// The Alerts page: groups (one culprit each) with their summaries, filtered by project, status, host class and
// kind; triage of a group or of one alert with a pasted write token (kept in sessionStorage); each alert's history.

import * as api from '../api.js';
import { applyFilter, filterBox } from '../filter.js';
import * as router from '../router.js';
import { breakable, h, replace, select } from '../dom.js';
import { benchmarkName, caseLabel, change, culprit, dateTime, firstLine, number, shortSha } from '../format.js';
import { chosenProject, timelineHref, UrlPage } from '../page-kit.js';

/** docs/alerts.md: new, investigating and acknowledged are open. */
const STATUSES = ['new', 'investigating', 'acknowledged', 'fixed', 'backed_out', 'wont_fix', 'invalid', 'infra',
  'improvement', 'duplicate'];
const OPEN = ['new', 'investigating', 'acknowledged'];
const STATUS_FILTERS = [['open', 'Open (new, investigating, acknowledged)'], ['all', 'Every status'],
  ...STATUSES.map((s) => [s, s.replace('_', ' ')])];
const KINDS = [['', 'Regressions and improvements'], ['regression', 'Regressions'], ['improvement', 'Improvements']];
const GROUP_LIMIT = 200;
/** The API's largest page of change points; a count that reaches it is shown as "1000 or more". */
const HISTORICAL_LIMIT = 1000;

/**
 * "No alerts. 7 historical change points from the imported or older history — see Changes": the change points
 * (newest commit first) that notify nobody, with the Changes page at the newest one's commit.
 */
export function historicalHint(project, points) {
  const count = points.length >= HISTORICAL_LIMIT ? `${HISTORICAL_LIMIT} or more` : String(points.length);
  const newest = points[0];
  const metric = newest.metric && newest.metric !== 'primary' ? newest.metric : null;
  return [`No alerts of ${project.name}. ${count} historical change point${points.length === 1 ? '' : 's'} from `
    + 'its imported or older history (older than the alert window, so they notify nobody) — see ',
  h('a', { id: 'alerts-historical', href: router.href('changes', { project: project.name, commit: newest.commit?.sha,
    hostClass: newest.environment?.hostClass,
    ...(metric ? { metric } : {}) }) }, `Changes at the newest, ${shortSha(newest.commit?.sha ?? '')}`),
  ', or each case\'s timeline, where they are marked.'];
}

export async function mount(root, params, context) {
  const page = new AlertsPage(root, context);
  await page.update(params);
  return page;
}

class AlertsPage extends UrlPage {
  constructor(root, context) {
    super('alerts', root, context);
    this.tokenBox = h('div', { class: 'token-box', id: 'token-box' });
    this.controls = h('div', { class: 'controls' });
    this.list = h('div', { class: 'cards', id: 'alert-groups' });
    replace(this.section, this.tokenBox, this.controls, this.status, this.list);
    this.renderToken();
  }

  renderToken() {
    const token = api.writeToken();
    if (token) {
      replace(this.tokenBox, h('span', {}, 'A write token is kept for this tab: triage is enabled.'),
        h('button', { type: 'button', id: 'token-forget', onclick: () => {
          api.setWriteToken(null);
          this.renderToken();
          this.update(this.params);
        } }, 'Forget token'));
      return;
    }
    const input = h('input', { id: 'token-input', type: 'password', autocomplete: 'off', size: '34',
      placeholder: 'a token with the write role' });
    const keep = () => {
      if (input.value.trim()) {
        api.setWriteToken(input.value.trim());
        this.renderToken();
        this.update(this.params);
      }
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        keep();
      }
    });
    replace(this.tokenBox,
      h('label', { class: 'field', for: 'token-input' }, h('span', {}, 'Triage needs an API token (write role)'), input),
      h('button', { type: 'button', id: 'token-keep', onclick: keep }, 'Use token'),
      h('span', { class: 'muted' }, 'Kept in this tab\'s session storage only; never put in the URL.'));
  }

  async render(current) {
    const { projects, project } = await chosenProject(this.params);
    const statusFilter = this.params.get('status') ?? 'open';
    const hostClass = this.params.get('hostClass') ?? '';
    const kind = this.params.get('kind') ?? '';
    this.status.textContent = 'Loading…';
    const groups = project
      ? await api.get(`/api/v1/alert-groups?${api.query({ project: project.name, limit: GROUP_LIMIT })}`) : [];
    // No alert at all: an imported history files its change points as historical (older than the alert window),
    // and an empty page read as "nothing found". Ask how many there are, to say so and link to them.
    const historical = project && groups.length === 0 ? await api.optional(`/api/v1/change-points?${api.query({
      project: project.name, status: 'historical', limit: HISTORICAL_LIMIT })}`) : null;
    if (!current()) {
      return;
    }
    const hostClasses = [...new Set(groups.flatMap((g) => g.alerts.map((a) => a.series.environment.hostClass)))]
      .sort();
    const wanted = (alert) => (statusFilter === 'all' || (statusFilter === 'open' ? OPEN.includes(alert.status)
      : alert.status === statusFilter))
      && (!hostClass || alert.series.environment.hostClass === hostClass) && (!kind || alert.kind === kind);
    const shown = groups.map((group) => ({ group, alerts: group.alerts.filter(wanted) }))
      .filter((entry) => entry.alerts.length > 0);
    this.keepFocus(() => replace(this.controls,
      select('alerts-project', 'Project', projects.map((p) => [p.name, p.name]), project?.name ?? '',
        (value) => this.set({ project: value, hostClass: null })),
      select('alerts-status', 'Status', STATUS_FILTERS, statusFilter,
        (value) => this.set({ status: value === 'open' ? null : value })),
      select('alerts-host-class', 'Host class', [['', 'Every host class'], ...hostClasses.map((c) => [c, c])],
        hostClass, (value) => this.set({ hostClass: value })),
      select('alerts-kind', 'Kind', KINDS, kind, (value) => this.set({ kind: value })),
      filterBox('alerts-filter', router.current().params.get('filter'), (query) => {
        this.debug.shown = applyFilter(this.list.querySelectorAll('.card'), query);
      })));
    const alertCount = shown.reduce((n, entry) => n + entry.alerts.length, 0);
    this.status.textContent = !project ? 'No results yet.'
      : shown.length === 0 ? `No alerts of ${project.name} match these filters (of ${groups.length} group${groups.length === 1 ? '' : 's'}).`
        : `${alertCount} alert${alertCount === 1 ? '' : 's'} in ${shown.length} group${shown.length === 1 ? '' : 's'}`
          + ` of ${project.name}`
          + `${groups.length === GROUP_LIMIT ? ` (the newest ${GROUP_LIMIT} groups)` : ''}.`;
    if (project && shown.length === 0 && groups.length > 0 && statusFilter === 'open' && !hostClass && !kind) {
      // Nothing open, but a history: say so and offer it, rather than an empty page after, say, the demo's fixed alert.
      replace(this.status, `No open alerts of ${project.name}: its ${groups.length === 1 ? 'alert group is'
        : `${groups.length} alert groups are`} closed. `,
      h('button', { type: 'button', id: 'alerts-show-closed', onclick: () => this.set({ status: 'all' }) },
        `Show ${groups.length === 1 ? 'it' : 'them'}`));
    }
    if (historical?.length) {
      replace(this.status, historicalHint(project, historical));
    } else if (project && groups.length === 0) {
      // A new project's first nights: "No alerts of P match these filters (of 0 groups)" read as a wrong filter.
      replace(this.status, `No alerts of ${project.name} yet. A change is named once runs on both sides of it are`
        + ' in: ', h('a', { id: 'alerts-timeline', href: router.href('timeline', { project: project.name }) },
        'each case\'s timeline'), ' says whether its results are judged yet.');
    }
    this.debug.historical = historical?.length ?? 0;
    replace(this.list, shown.map(({ group, alerts }) => this.groupCard(project, group, alerts)));
    this.debug.shown = applyFilter(this.list.querySelectorAll('.card'), router.current().params.get('filter'));
    this.debug.groups = shown.map(({ group, alerts }) => ({ id: group.id, alerts: alerts.map((a) => a.id) }));
    const open = this.params.get('alert');
    if (open) {
      this.showHistory(Number(open));
    }
  }

  groupCard(project, group, alerts) {
    const { kind, range } = culprit(group);
    return h('article', { class: 'card', id: `group-${group.id}`, dataset: { group: group.id },
      'aria-labelledby': `group-${group.id}-title` },
    h('div', { class: 'card-head' },
      h('h3', { id: `group-${group.id}-title` }, `${kind} at `,
        h('code', {}, range), firstLine(group.commit.message) ? ` · ${firstLine(group.commit.message)}` : ''),
      h('span', { class: `badge ${group.kind}` }, group.kind),
      h('span', { class: 'badge' }, group.open ? 'open' : 'closed'),
      h('span', { class: 'muted' }, `raised ${dateTime(group.createdAt)}`),
      group.lastGood ? h('a', { href: `#/comparison?${api.query({ project: project.name, base: group.lastGood.sha,
        head: group.commit.sha })}`, title: 'Every case of the last good commit against the culprit' },
      'compare') : null),
    h('p', { class: 'summary' }, group.summary),
    this.triageForm(`group-${group.id}`, `/api/v1/alert-groups/${group.id}/triage`, 'Triage the group',
      `group ${group.id}`, new Set(group.alerts.map((a) => a.status)).size === 1 ? group.alerts[0].status : 'new'),
    h('div', { class: 'table-box' }, h('table', { class: 'data' },
      h('thead', {}, h('tr', {}, ['Case', 'Metric', 'Environment', 'Before → after', 'Change', 'Confidence',
        'Status', ''].map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, alerts.flatMap((alert) => this.alertRows(project, alert))))));
  }

  alertRows(project, alert) {
    const s = alert.series;
    const unit = s.metric.unit;
    const interval = (l) => `${number(l.value)} [${number(l.lower)}, ${number(l.upper)}] over ${l.points} results`;
    const href = timelineHref({ project: project.name, benchmark: s.benchmark, case: s.case.id,
      metric: s.metric.name === 'primary' ? null : s.metric.name, hostClass: s.environment.hostClass,
      jvm: s.environment.jdkVersion, commit: alert.commit.sha });
    const history = h('tr', { class: 'history-row', id: `history-${alert.id}`, hidden: true },
      h('td', { colspan: '8' }));
    return [h('tr', { id: `alert-${alert.id}`, dataset: { alert: alert.id, status: alert.status } },
      // One block for the name and the case under it: on a phone's card they are one value beside "Case".
      h('th', { scope: 'row' }, h('span', { class: 'row-name' },
        h('a', { href, title: `${s.label}: open the timeline at this commit` }, breakable(benchmarkName(s.benchmark))),
        h('div', { class: 'muted' }, caseLabel(s.case)))),
      h('td', {}, s.metric.name),
      h('td', {}, s.environment.jdkVersion ? `${s.environment.hostClass} · JDK ${s.environment.jdkVersion}`
        : s.environment.hostClass),
      h('td', { class: 'num', title: `before ${interval(alert.before)}; after ${interval(alert.after)}` },
        `${number(alert.before.value)} → ${number(alert.after.value)} ${unit}`),
      h('td', { class: `num ${alert.kind === 'regression' ? 'worse' : 'better'}` },
        // In the unit near a metric's floor ("+64 B/op"): the server sends no percentage of a residue.
        `${change(alert.before.value, alert.after.value, unit)} ${alert.kind === 'regression' ? 'worse' : 'better'}`),
      h('td', { class: 'num' }, confidence(alert.confidence)),
      h('td', {}, h('span', { class: 'badge status' }, alert.status.replace('_', ' ')),
        alert.restoredAt ? h('span', { class: 'muted' }, ' at ', h('code', {}, shortSha(alert.restoredAt.sha)))
          : null,
        alert.duplicateOf ? h('span', { class: 'muted' }, ` of ${alert.duplicateOf}`) : null),
      h('td', {}, h('button', { type: 'button', class: 'link', id: `history-toggle-${alert.id}`,
        'aria-expanded': 'false', 'aria-controls': `history-${alert.id}`,
        onclick: () => this.set({ alert: this.params.get('alert') === String(alert.id) ? null : alert.id },
          { replace: true }) }, 'History · triage'))),
    history];
  }

  /** A status picker, a comment and a button; duplicate asks for what it duplicates. */
  triageForm(prefix, path, label, what, currentStatus) {
    const disabled = !api.writeToken();
    const status = h('select', { id: `${prefix}-status`, disabled },
      STATUSES.map((s) => h('option', { value: s, selected: s === currentStatus }, s.replace('_', ' '))));
    const comment = h('input', { id: `${prefix}-comment`, type: 'text', size: '30', maxlength: '4000', disabled,
      placeholder: 'why (optional)' });
    const duplicate = h('input', { id: `${prefix}-duplicate`, type: 'number', min: '1', size: '6', disabled });
    const duplicateField = h('label', { class: 'field', for: `${prefix}-duplicate`, hidden: true },
      h('span', {}, prefix.startsWith('group') ? 'Duplicate of group' : 'Duplicate of alert'), duplicate);
    status.addEventListener('change', () => {
      duplicateField.hidden = status.value !== 'duplicate';
    });
    const submit = async () => {
      const body = { status: status.value };
      if (comment.value.trim()) {
        body.comment = comment.value.trim();
      }
      if (status.value === 'duplicate') {
        body.duplicateOf = Number(duplicate.value);
      }
      try {
        await api.post(path, body);
        this.context.notice([`${what}: ${status.value.replace('_', ' ')}`]);
        await this.update(this.params);
      } catch (error) {
        this.context.notice([`Triage of ${what} was refused: ${error.message}`]);
      }
    };
    return h('div', { class: 'actions' },
      h('label', { class: 'field', for: `${prefix}-status` }, h('span', {}, label), status),
      duplicateField,
      h('label', { class: 'field', for: `${prefix}-comment` }, h('span', {}, 'Comment'), comment),
      h('button', { type: 'button', id: `${prefix}-apply`, disabled, onclick: submit,
        title: disabled ? 'Paste a write token above first' : undefined }, 'Apply'));
  }

  /** The alert's triage form and its history (oldest first), read when opened. */
  async showHistory(id) {
    const row = document.getElementById(`history-${id}`);
    if (!row) {
      return;
    }
    row.hidden = false;
    document.getElementById(`history-toggle-${id}`)?.setAttribute('aria-expanded', 'true');
    const cell = row.firstChild;
    replace(cell, h('span', { class: 'muted' }, 'Loading the history…'));
    const detail = await api.get(`/api/v1/alerts/${id}`);
    replace(cell,
      this.triageForm(`alert-${id}`, `/api/v1/alerts/${id}/triage`, 'Triage this alert', `alert ${id}`,
        detail.status),
      h('ol', { class: 'history', id: `history-list-${id}` }, detail.history.map((change) => h('li', {},
        `${dateTime(change.at)} · ${change.actor}: ${change.from ?? 'raised'} → ${change.to}`,
        change.duplicateOf ? ` (duplicate of ${change.duplicateOf})` : '',
        change.comment ? ` — ${change.comment}` : ''))));
    this.debug.history = { id, entries: detail.history.length };
  }
}

/** As the messages and the feed say it: 99.95% is "99.9%", never rounded up to a certainty it is not. */
function confidence(value) {
  return value >= 1 ? '100%' : `${(Math.floor(value * 1000) / 10).toFixed(1)}%`;
}
