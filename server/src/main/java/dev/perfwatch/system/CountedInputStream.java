package dev.perfwatch.system;

import java.io.IOException;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

/**
 * A request body read through, with a check after every read that received bytes: the size limit
 * ({@link BodySizeFilter}) and the body's pace ({@link WriteLimiter}) each count what arrives here.
 */
abstract class CountedInputStream extends ServletInputStream {

    final ServletInputStream delegate;

    CountedInputStream(ServletInputStream delegate) {
        this.delegate = delegate;
    }

    /** Called after each read that received {@code n} bytes; may refuse the body by throwing. */
    abstract void received(int n) throws IOException;

    @Override
    public int read() throws IOException {
        int b = delegate.read();
        if (b >= 0) {
            received(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = delegate.read(buffer, offset, length);
        if (n > 0) {
            received(n);
        }
        return n;
    }

    @Override
    public int available() throws IOException {
        return delegate.available();
    }

    @Override
    public boolean isFinished() {
        return delegate.isFinished();
    }

    @Override
    public boolean isReady() {
        return delegate.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        delegate.setReadListener(listener);
    }
}
