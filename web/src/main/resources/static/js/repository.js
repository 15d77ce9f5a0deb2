// Links into a project's repository host. Only GitHub and GitLab are known; any other host gets no links rather
// than guessed ones.

/** {commit(sha), compare(from, to)} for a GitHub or GitLab repository URL, or null. */
export function repositoryLinks(repository) {
  const web = webUrl(repository);
  if (!web) {
    return null;
  }
  const host = new URL(web).hostname;
  if (host === 'github.com' || host.endsWith('.github.com')) {
    return {
      host: 'GitHub',
      commit: (sha) => `${web}/commit/${sha}`,
      compare: (from, to) => `${web}/compare/${from}...${to}`,
    };
  }
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) {
    return {
      host: 'GitLab',
      commit: (sha) => `${web}/-/commit/${sha}`,
      compare: (from, to) => `${web}/-/compare/${from}...${to}`,
    };
  }
  return null;
}

/** "git@github.com:apache/flink.git" and "https://github.com/apache/flink.git" both become the https page. */
function webUrl(repository) {
  if (!repository) {
    return null;
  }
  let url = repository.trim();
  const scp = /^[\w.-]+@([\w.-]+):(.+)$/.exec(url);
  if (scp) {
    url = `https://${scp[1]}/${scp[2]}`;
  }
  url = url.replace(/^(git|ssh):\/\/([\w.-]+@)?/, 'https://').replace(/\.git$/, '').replace(/\/+$/, '');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? `${parsed.origin}${parsed.pathname}` : null;
  } catch {
    return null;
  }
}
