// Codespeed's timeline permalinks (pasted in Flink's alerts and JIRA issues) opened as perfwatch views. The
// mapping is documented in docs/ui.md: env → host class, exe → project and JVM, ben → benchmark (and case),
// revs → last N, equid → equidistant axis, base → baseline commit.

import * as api from './api.js';


/** Whether a URL's parameters are Codespeed's rather than ours. */
export function isCodespeed(params) {
  return params.has('ben') || params.has('exe') || (params.has('env') && !params.has('project'));
}

/** Codespeed makes host-class-like names from environment names the same way (docs/codespeed.md). */
function slug(name) {
  return name.trim().replace(/[^A-Za-z0-9._/+-]/g, '-').replace(/^[^A-Za-z0-9]+/, '');
}

const isId = (token) => /^\d+$/.test(token);

async function hostClass(env, notes) {
  const environments = await api.codespeed('environments');
  const found = environments.find((e) => (isId(env) && String(e.id) === env) || e.name === env);
  if (found) {
    notes.push(`environment ${env} → host class ${found.hostClass}`);
    return found.hostClass;
  }
  if (isId(env)) {
    notes.push(`environment ${env} is unknown: all host classes shown`);
    return null;
  }
  notes.push(`environment ${env} → host class ${slug(env)}`);
  return slug(env);
}

/** Executables name a project and a JVM; unknown names are taken as JDK versions. */
async function executables(exe, notes) {
  const known = await api.codespeed('executables');
  const result = { project: null, jvms: [] };
  for (const token of exe.split(',').map((t) => t.trim()).filter(Boolean)) {
    const found = known.find((x) => (isId(token) && String(x.id) === token)) ?? known.find((x) => x.name === token);
    if (found) {
      result.project ??= found.project;
      if (found.jdkVersion) {
        result.jvms.push(found.jdkVersion);
      }
      notes.push(`executable ${token} → ${found.project}${found.jdkVersion ? `, JDK ${found.jdkVersion}` : ''}`);
    } else if (!isId(token)) {
      result.jvms.push(token);
      notes.push(`executable ${token} → JDK ${token}`);
    } else {
      notes.push(`executable ${token} is unknown`);
    }
  }
  return result;
}

/**
 * The project and benchmark a Codespeed benchmark name stands for. Codespeed names are JMH method names, sometimes
 * with the parameter values appended ("stringWrite.128"), so a full name, the method name and method + values all
 * match.
 */
async function benchmark(ben, projectHint) {
  const projects = projectHint ? [projectHint] : (await api.projects()).map((p) => p.name);
  for (const project of projects) {
    const names = (await api.benchmarks(project)).map((b) => b.name);
    const exact = names.find((name) => name === ben) ?? names.find((name) => name.endsWith(`.${ben}`));
    if (exact) {
      return { project, benchmark: exact, params: null };
    }
    for (let dot = ben.indexOf('.'); dot > 0; dot = ben.indexOf('.', dot + 1)) {
      const method = ben.slice(0, dot);
      const named = names.find((name) => name === method || name.endsWith(`.${method}`));
      if (named) {
        return { project, benchmark: named, params: ben.slice(dot + 1) };
      }
    }
  }
  return { project: projectHint ?? projects[0] ?? null, benchmark: null, params: null };
}

/**
 * The case whose parameter values, joined by dots, are the rest of a Codespeed name. Values are compared in any
 * order, because the stored parameters (jsonb) do not keep JMH's declaration order.
 */
async function caseOf(project, benchmarkName, values, branch) {
  const list = await api.series({ project, benchmark: benchmarkName, metric: 'primary', branch });
  const sorted = (array) => [...array].sort().join('\u0000');
  const wanted = sorted(values.split('.'));
  const found = list.find((s) => Object.values(s.case.params ?? {}).join('.') === values)
    ?? list.find((s) => sorted(Object.values(s.case.params ?? {}).map(String)) === wanted);
  return found ? String(found.case.id) : null;
}

/** The perfwatch view of a Codespeed timeline URL: {page, params, notes}. */
export async function translate(params) {
  const notes = [];
  const out = {};
  const exe = params.get('exe');
  const executable = exe ? await executables(exe, notes) : { project: null, jvms: [] };
  const env = params.get('env');
  if (env) {
    out.hostClass = await hostClass(env, notes);
  }
  if (executable.jvms.length) {
    out.jvm = [...new Set(executable.jvms)].join(',');
  }
  if (params.get('revs') && isId(params.get('revs'))) {
    out.revs = params.get('revs');
  }
  out.x = params.get('equid') === 'on' ? 'index' : 'date';
  if (params.get('bran')) {
    out.branch = params.get('bran');
  }
  const base = params.get('base');
  if (base && base !== 'none' && base !== 'undefined') {
    const revision = base.split(/[+ ]/).pop();
    if (/^[0-9a-fA-F]{7,64}$/.test(revision) && !isId(revision)) {
      out.base = revision.toLowerCase();
    } else if (isId(revision)) {
      const found = await api.optional(`/api/v1/codespeed/revisions/${revision}`);
      if (found) {
        out.base = found.sha;
        notes.push(`baseline revision ${revision} → ${found.tag || found.commitid}`);
      } else {
        notes.push(`baseline revision ${revision} is unknown`);
      }
    }
  }
  const ben = params.get('ben');
  if (ben === 'grid') {
    const project = executable.project ?? (await api.projects())[0]?.name;
    return { page: 'grid', params: { project, ...out, revs: out.revs ?? 15 }, notes };
  }
  if (!ben || ben === 'show_none') {
    return { page: 'timeline', params: { project: executable.project, ...out }, notes };
  }
  const found = await benchmark(ben, executable.project);
  if (!found.benchmark) {
    notes.push(`no benchmark ${ben}`);
  } else if (found.params) {
    const id = await caseOf(found.project, found.benchmark, found.params, out.branch);
    if (id) {
      out.case = id;
    }
  }
  notes.push(`benchmark ${ben} → ${found.benchmark ?? 'none'}`);
  return { page: 'timeline', params: { project: found.project, benchmark: found.benchmark, ...out }, notes };
}


/**
 * The perfwatch changes view of Codespeed's changes link (/changes/?rev=<commit id>&exe=<id>&env=<id or name>, which
 * its reports page lists). The server resolves it (docs/codespeed.md): rev is the revision id exactly as the
 * client sent it (a sha, an svn number, Flink's "<sha>-<sha>-<time>"), exe the exact executable (its environment,
 * not just its project), env the host class. A link without exe opens the only executable that has the revision;
 * when several have it, {page: null, choices} lists them instead of opening one at random.
 */
export async function translateChanges(params) {
  const query = { rev: params.get('rev'), exe: params.get('exe'), env: params.get('env') };
  let link;
  try {
    link = await api.get(`/api/v1/codespeed/links/changes?${api.query(query)}`);
  } catch (error) {
    // An unknown revision or executable opens nothing rather than some other project's newest commit.
    return { page: null, params: {}, notes: [error.message], choices: [] };
  }
  const out = { ...link.params };
  if (params.get('tre') && isId(params.get('tre'))) {
    out.trend = params.get('tre');
  }
  return { page: link.page, params: out, notes: link.notes, choices: link.choices };
}

/**
 * The environment comparison page (/environments?project=&commit=&environments=&benchmark=) for Codespeed's
 * comparison permalink (/comparison/?exe=1+L+master,2+L+master&ben=3&env=1,2): executables and environments become
 * our environments side by side, a tagged revision the commit, the first benchmark the benchmark.
 */
export async function translateComparison(params) {
  const query = { exe: params.get('exe'), ben: params.get('ben'), env: params.get('env') };
  const link = await api.get(`/api/v1/codespeed/links/comparison?${api.query(query)}`);
  return { page: link.page, params: link.params, notes: link.notes, choices: link.choices };
}

/** Codespeed's comparison permalinks carry exe, ben or env; ours (/comparison?project=…) never do. */
export function isCodespeedComparison(params) {
  return !params.has('project') && (params.has('exe') || params.has('ben') || params.has('env'));
}

/** The address a translated view opens: the environment comparison has a path of its own (contract 3). */
export function viewHref(view) {
  const query = new URLSearchParams(Object.entries(view.params ?? {}).filter(([, value]) => value)).toString()
    .replace(/%2C/gi, ',');
  if (view.page === 'environments') {
    return `/environments${query ? `?${query}` : ''}`;
  }
  return `/#/${view.page}${query ? `?${query}` : ''}`;
}

/** The notice lines of a link the server could not resolve to one view: one line per reading, with its link. */
export function choiceLines(view) {
  return [...view.notes, ...(view.choices ?? []).map((c) => `${c.name} (${c.project}): ${c.href}`)];
}
