package dev.perfwatch.jobs;

import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Turns on the timers of the job queue: lease expiry and the nightly schedules. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class JobsConfiguration {
}
