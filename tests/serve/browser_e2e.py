#!/usr/bin/python3
"""The serve web page end to end in headless Chromium (Debian's chromium + chromium-driver,
driven by python3-selenium): the page loads in English and in Chinese after the browser's
language, a real photo is uploaded through the file input and another dropped onto the page,
and each gets its thumbnail and five rows of classes with probability bars. A server started
with --token makes the page ask for the token; once it is entered, a photo is classified.

    browser_e2e.py --cli amp-workbench-cli --source-dir DIR [--screenshot PNG]

Exits 77 (skipped) only when /usr/bin/chromium or chromedriver is absent.
"""
import argparse
import base64
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHOTOS = ["/usr/share/doc/opencv-doc/examples/data/fruits.jpg",
          "/usr/share/doc/opencv-doc/examples/data/baboon.jpg"]
SKIP = 77


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(SKIP)


def make_model(python, source_dir, directory):
    """The Classify suites' prototype model: photo k is class k ("photo-k")."""
    with open(os.path.join(directory, "ten.txt"), "w") as labels:
        labels.writelines(f"photo-{k}\n" for k in range(10))
    subprocess.run([python, os.path.join(source_dir, "tests/python/classify_reference.py"), "state-dict",
                    os.path.join(directory, "ten.pth"), "--classes", "10", "--prototypes", *PHOTOS], check=True)


def start_server(cli, directory, extra=()):
    server = subprocess.Popen([cli, "serve", "--port", "0", "--model", os.path.join(directory, "ten.pth"),
                               "--labels", os.path.join(directory, "ten.txt"), *extra],
                              stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    for line in server.stdout:
        match = re.search(r"Serving on (http://\S+)", line)
        if match:
            return server, match.group(1)
        if time.monotonic() > deadline:
            break
    server.kill()
    raise SystemExit("serve did not print its URL")


def browser(directory, language):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1200,760", f"--lang={language}",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-', dir=directory)}"]:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait_for(driver, condition, what, seconds=120):
    from selenium.webdriver.support.ui import WebDriverWait
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.2).until(lambda d: condition(d))
    except Exception as error:
        raise SystemExit(f"FAIL: {what} (page text: {driver.find_element('tag name', 'body').text!r})") from error


def finished_rows(driver):
    """The number of class rows of each classified image, newest first."""
    return driver.execute_script(
        "return [...document.querySelectorAll('.result[data-state=done]')]"
        ".map(r => r.querySelectorAll('.row').length)")


DROP_SCRIPT = """
const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
const transfer = new DataTransfer();
transfer.items.add(new File([bytes], arguments[1], {type: 'image/jpeg'}));
document.getElementById('drop').dispatchEvent(new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true}));
"""


def check_page(driver, url, language, screenshot):
    driver.get(url)
    title = "图像分类" if language.startswith("zh") else "Classify images"
    wait_for(driver, lambda d: d.find_element("tag name", "h1").text == title, f"the {language} title {title!r}")
    wait_for(driver, lambda d: "10" in d.find_element("id", "model").text, "the model line from /v1/model")

    driver.find_element("id", "files").send_keys(PHOTOS[0])
    wait_for(driver, lambda d: finished_rows(d) == [5], "five rows for the uploaded photo")
    top = driver.find_element("css selector", ".result .row .label").text
    if top != "photo-0":
        raise SystemExit(f"FAIL: the uploaded photo's top class is {top!r}, not 'photo-0'")

    with open(PHOTOS[1], "rb") as photo:
        driver.execute_script(DROP_SCRIPT, base64.b64encode(photo.read()).decode(), os.path.basename(PHOTOS[1]))
    wait_for(driver, lambda d: finished_rows(d) == [5, 5], "five rows for the dropped photo too")
    top = driver.find_element("css selector", ".result .row .label").text
    if top != "photo-1":
        raise SystemExit(f"FAIL: the dropped photo's top class is {top!r}, not 'photo-1'")
    loaded = driver.execute_script(
        "return [...document.querySelectorAll('.result img')].every(i => i.complete && i.naturalWidth > 0)")
    if not loaded:
        raise SystemExit("FAIL: a thumbnail did not load")
    if screenshot:
        driver.save_screenshot(screenshot)
        print(f"screenshot: {screenshot}")


def check_token_page(driver, url):
    driver.get(url)
    wait_for(driver, lambda d: d.find_element("id", "token").is_displayed(), "the access token form after a 401")
    driver.find_element("id", "files").send_keys(PHOTOS[0])
    wait_for(driver, lambda d: "401" in d.find_element("css selector", ".result .status").text,
             "the upload without the token refused with 401")
    driver.find_element("id", "token-input").send_keys("page-token-7")
    driver.find_element("css selector", "#token button").click()
    wait_for(driver, lambda d: "10" in d.find_element("id", "model").text, "the model line once the token is given")
    driver.find_element("id", "files").send_keys(PHOTOS[0])
    wait_for(driver, lambda d: finished_rows(d) == [5], "five rows for the photo sent with the token")


def stop_server(server):
    server.send_signal(signal.SIGTERM)
    if server.wait(timeout=60) != 0:
        raise SystemExit("FAIL: serve did not stop cleanly on SIGTERM")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--reference-python", required=True, help="the Python with the torch wheel")
    parser.add_argument("--screenshot", help="save the English page as this PNG (the Chinese one beside it, -zh_CN)")
    arguments = parser.parse_args()
    if not os.path.exists(CHROMIUM) or not os.path.exists(CHROMEDRIVER):
        skip("Debian's chromium and chromium-driver are not installed (installer/install-build-deps.sh installs them)")
    if not all(os.path.exists(photo) for photo in PHOTOS):
        skip("the real photos come from Debian's opencv-doc, which is not installed")

    with tempfile.TemporaryDirectory() as directory:
        make_model(arguments.reference_python, arguments.source_dir, directory)
        server, url = start_server(arguments.cli, directory)
        try:
            for language in ["en-US", "zh-CN"]:
                screenshot = arguments.screenshot
                if screenshot and language != "en-US":
                    screenshot = re.sub(r"\.png$", "-zh_CN.png", screenshot)
                driver = browser(directory, language)
                try:
                    check_page(driver, url, language, screenshot)
                finally:
                    driver.quit()
                print(f"{language}: page loaded, uploaded and dropped photos classified")
        finally:
            stop_server(server)

        token_file = os.path.join(directory, "token.txt")
        with open(token_file, "w") as token:
            token.write("page-token-7\n")
        server, url = start_server(arguments.cli, directory, ["--token", token_file])
        try:
            driver = browser(directory, "en-US")
            try:
                check_token_page(driver, url)
            finally:
                driver.quit()
            print("token: the page asked for the token and classified with it")
        finally:
            stop_server(server)
    print("PASS")


if __name__ == "__main__":
    main()
